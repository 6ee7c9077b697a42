import type { AuthErrorCode } from '@hearback/spec';
import { APIError } from 'better-auth/api';
import type { AuthOptions, SignupMode } from './auth.js';

/** better-auth's sign-up endpoint, under its base path. */
export const SIGN_UP_PATH = '/sign-up/email';

/**
 * Whether `email` may create an account (`HEARBACK_SIGNUP`): the instance's first user always,
 * and administers it; after that anyone (`open`), an address with an open invitation (`invite`),
 * or nobody (`closed`). An SSO sign-in is not asked: its organization vouches for the person.
 *
 * @example
 * if ((await signUpAllowance(options, 'ada@example.com')) === 'refused') throw signUpClosed(options.signup);
 */
export async function signUpAllowance(
  options: Pick<AuthOptions, 'signup' | 'users'>,
  email: string,
): Promise<'first user' | 'allowed' | 'refused'> {
  if ((await options.users.count()) === 0) return 'first user';
  if (options.signup === 'open') return 'allowed';
  if (options.signup === 'invite' && (await options.users.invited(email))) return 'allowed';
  return 'refused';
}

/** 403 `signup_closed`, saying how this instance takes new accounts. */
export function signUpClosed(mode: SignupMode): APIError {
  return new APIError('FORBIDDEN', {
    // Already the problem's code (http/auth-problem.ts lowers better-auth's own).
    code: 'signup_closed' satisfies AuthErrorCode,
    message:
      mode === 'invite'
        ? 'Sign-up on this instance is by invitation: ask an organization admin to invite this email address.'
        : 'Sign-up on this instance is closed.',
  });
}
