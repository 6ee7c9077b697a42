/** One rate limit of better-auth: at most `max` requests from one client address per `window` seconds. */
export interface AuthRateLimit {
  window: number;
  max: number;
}

/** The limit of every `/auth/*` endpoint without a rule of its own. */
export const AUTH_RATE_LIMIT: AuthRateLimit = { window: 60, max: 100 };

/**
 * The stricter limits of the endpoints that guess passwords or send mail, by better-auth's path
 * (under `/auth`): what the accounts enforce (auth-instance.ts) and the document states.
 */
export const AUTH_RATE_LIMIT_RULES = {
  '/sign-in/email': { window: 60, max: 10 },
  '/sign-up/email': { window: 60, max: 10 },
  '/request-password-reset': { window: 3600, max: 5 },
  '/reset-password': { window: 3600, max: 10 },
  '/send-verification-email': { window: 3600, max: 5 },
} as const satisfies Record<string, AuthRateLimit>;

/** How long a session lasts (seconds), and how often its expiry moves on while it is used. */
export const SESSION_LIFETIME = { expiresIn: 30 * 24 * 3600, updateAge: 24 * 3600 } as const;
