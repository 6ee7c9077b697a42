import { createAuthClient } from 'better-auth/client';

/**
 * better-auth's own client for `/auth/*` (sign-up, sign-in, sign-out, password reset): those
 * endpoints are better-auth's (the OpenAPI document describes them under Auth, with no SDK
 * method), so its client is their typed one.
 */
export const authClient = createAuthClient({ baseURL: `${window.location.origin}/auth` });

/** What a failed better-auth call says, as one sentence for the form. */
export function authErrorMessage(error: { message?: string | undefined; status?: number } | null): string {
  if (!error) return '';
  if (error.status === 429) return 'Too many attempts. Wait a minute and try again.';
  return error.message ?? 'Something went wrong. Try again.';
}
