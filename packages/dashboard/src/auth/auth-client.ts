import type { AuthErrorCode } from '@hearback/spec';
import { createAuthClient } from 'better-auth/client';

/**
 * better-auth's own client for `/auth/*` (sign-up, sign-in, sign-out, password reset): those
 * endpoints are better-auth's (the OpenAPI document describes them under Auth, with no SDK
 * method), so its client is their typed one.
 */
export const authClient = createAuthClient({ baseURL: `${window.location.origin}/auth` });

/** A failed better-auth call's error: the problem body's members, as better-auth's client passes them. */
export type AuthRefusal = { code?: string | undefined; message?: string | undefined; status?: number } | null;

/** Whether better-auth refused with this code (the server's problem `code`, listed in @hearback/spec). */
export function isAuthRefusal(error: AuthRefusal, code: AuthErrorCode): boolean {
  return error?.code === code;
}

/** What a failed better-auth call says, as one sentence for the form. */
export function authErrorMessage(error: AuthRefusal): string {
  if (!error) return '';
  if (isAuthRefusal(error, 'rate_limited')) return 'Too many attempts. Wait a minute and try again.';
  // The problem's `message` member repeats its `detail`: it is what better-auth's client types.
  return error.message ?? 'Something went wrong. Try again.';
}
