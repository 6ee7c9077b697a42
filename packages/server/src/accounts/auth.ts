import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import type { AuthInstance } from './auth-instance.js';
import type { Mailer } from './mailer.js';

/** `HEARBACK_SIGNUP`: who may create an account once the instance has its first user. */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** The header our edge writes with the client's address (never the client's own value). */
export const CLIENT_ADDRESS_HEADER = 'x-hearback-client-address';

/** Where better-auth's endpoints are served. */
export const AUTH_BASE_PATH = '/auth';

export interface AuthOptions {
  db: Kysely<never>;
  dialect: 'sqlite' | 'postgres';
  /** Signs session cookies; derived from the server secret. */
  secret: string;
  /** `HEARBACK_PUBLIC_URL`; links in mail and the origin writes must come from. Inferred per request when unset. */
  publicUrl?: string | undefined;
  signup: SignupMode;
  mailer: Mailer;
  /** How many users exist, and whether an email has an invitation open: the sign-up rule. */
  users: { count(): Promise<number>; invited(email: string): Promise<boolean> };
  /** After a user is created (the first one adopts the organizations made before anyone signed up). */
  onUserCreated?: ((user: { id: string; instanceAdmin: boolean }) => Promise<void>) | undefined;
  /** After a session starts (a sign-in or a sign-up): the audit log. */
  onSignedIn?: ((userId: string) => Promise<void>) | undefined;
  /** Where better-auth's own errors go (its warnings are not for operators: see auth-instance.ts). */
  logger?: Logger | undefined;
}

/**
 * Accounts by better-auth: email + password (scrypt), sessions in `HttpOnly`, `SameSite=Lax`
 * cookies (`Secure` when the public URL is https), email verification and password reset by link,
 * sign-out everywhere, rate limits on sign-in and reset counted in the database (so every process
 * of one PostgreSQL database counts together). Its tables are ours (`auth-tables.ts`, migration
 * 0016), written through our Kysely instance.
 */
export interface Auth {
  /**
   * The better-auth instance, made on the first call. better-auth and its dependencies are about a
   * quarter of the server's heap; a server that only collects (API keys, no session cookie) never
   * loads them, and V8 lets the old generation grow to a multiple of the live heap under load.
   */
  instance(): Promise<AuthInstance>;
}

/**
 * The accounts of a server, loaded on first use (see {@link Auth}).
 *
 * @example
 * const { api } = await createAuth(options).instance();
 */
export function createAuth(options: AuthOptions): Auth {
  let instance: Promise<AuthInstance> | undefined;
  return {
    instance() {
      instance ??= import('./auth-instance.js').then(({ createAuthInstance }) => createAuthInstance(options));
      return instance;
    },
  };
}
