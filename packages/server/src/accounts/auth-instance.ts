import { MIN_PASSWORD_LENGTH } from '@hearback/spec';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { type IdKind, newId } from '../lib/ids.js';
import { AUTH_BASE_PATH, type AuthOptions, CLIENT_ADDRESS_HEADER } from './auth.js';
import { AUTH_RATE_LIMIT, AUTH_RATE_LIMIT_RULES, SESSION_LIFETIME } from './auth-limits.js';
import { AUTH_TABLES } from './auth-tables.js';
import { SIGN_UP_PATH, signUpAllowance, signUpClosed } from './sign-up-rule.js';
import { inSsoSignIn, ssoSessions } from './sso-sessions.js';

const MODEL_ID_KINDS: Record<string, IdKind> = {
  user: 'user',
  session: 'session',
  account: 'account',
  verification: 'verification',
  rateLimit: 'rateLimit',
};

/** The better-auth instance of {@link AuthOptions}; loaded only through `Auth.instance()` (auth.ts). */
export function createAuthInstance(options: AuthOptions) {
  return betterAuth(authOptions(options));
}

/** better-auth's options for an instance: what {@link createAuthInstance} runs, and what its schema test reads. */
export function authOptions(options: AuthOptions) {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  return {
    appName: 'Hearback',
    basePath: AUTH_BASE_PATH,
    ...(options.publicUrl && { baseURL: options.publicUrl }),
    secret: options.secret,
    database: { db: options.db, type: options.dialect },
    telemetry: { enabled: false },
    // Errors only: without HEARBACK_PUBLIC_URL it would warn at every start that links take the
    // request's origin, which is what we want on a local instance.
    logger: {
      level: 'error',
      log: (_level, message) => options.logger?.error('accounts error', { message }),
    },
    onAPIError: {
      // A refusal of its router (a body of the wrong type: 415) is the client's answer, sent as a
      // problem: better-auth's default wrote it to the console at ERROR, past our logger.
      onError: (error: unknown) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        options.logger?.error('accounts error', {
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      },
    },
    account: AUTH_TABLES.account,
    plugins: [ssoSessions()],
    user: {
      ...AUTH_TABLES.user,
      additionalFields: {
        instanceAdmin: {
          type: 'boolean',
          fieldName: AUTH_TABLES.user.fields.instanceAdmin,
          required: true,
          defaultValue: false,
          input: false,
        },
      },
    },
    verification: { ...AUTH_TABLES.verification, storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        // Not awaited: the answer would wait for the mail server only when the address has an
        // account, so its time would tell who has one (its text is the same either way).
        options.mailer
          .send({
            to: user.email,
            subject: 'Reset your Hearback password',
            text: `Someone asked to reset the password of ${user.email}. If it was you, open this link within an hour:\n\n${url}\n\nIf not, ignore this message.`,
            link: url,
          })
          .catch((error: unknown) => {
            options.logger?.error('password reset mail not sent', {
              message: error instanceof Error ? error.message : String(error),
            });
          });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await options.mailer.send({
          to: user.email,
          subject: 'Verify your Hearback email address',
          text: `Open this link to verify ${user.email}:\n\n${url}`,
          link: url,
        });
      },
    },
    session: { ...AUTH_TABLES.session, ...SESSION_LIFETIME },
    rateLimit: {
      ...AUTH_TABLES.rateLimit,
      enabled: true,
      storage: 'database',
      ...AUTH_RATE_LIMIT,
      customRules: AUTH_RATE_LIMIT_RULES,
    },
    advanced: {
      // Stated, not left to better-auth: under a test runner (NODE_ENV=test) it skips its origin and
      // CSRF checks unless told, so the suite would pass requests a deployed server refuses.
      disableOriginCheck: false,
      cookiePrefix: 'hearback',
      useSecureCookies: https,
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: {
        generateId: ({ model }) => {
          const kind = MODEL_ID_KINDS[model];
          return kind ? newId(kind) : false;
        },
      },
    },
    hooks: {
      // The sign-up mode is told before better-auth looks the address up: otherwise a refused sign-up
      // answered 403 `signup_closed` for a new address and 422 `user_already_exists…` for one with
      // an account, so anyone could learn who has an account on an instance closed to sign-up.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== SIGN_UP_PATH || typeof ctx.body?.email !== 'string') return;
        if ((await signUpAllowance(options, ctx.body.email)) === 'refused') throw signUpClosed(options.signup);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            // The first user of an instance administers it; after that the sign-up mode decides,
            // except for an SSO sign-in: the organization that verified the email's domain vouches.
            if (inSsoSignIn()) return { data: { ...user, instanceAdmin: false } };
            const signUp = await signUpAllowance(options, String(user.email));
            if (signUp === 'refused') throw signUpClosed(options.signup);
            return { data: { ...user, instanceAdmin: signUp === 'first user' } };
          },
          async after(user) {
            await options.onUserCreated?.({ id: user.id, instanceAdmin: user.instanceAdmin === true });
          },
        },
      },
      session: {
        create: {
          async after(session) {
            await options.onSignedIn?.(session.userId);
          },
        },
      },
    },
  } satisfies BetterAuthOptions;
}

export type AuthInstance = ReturnType<typeof createAuthInstance>;
