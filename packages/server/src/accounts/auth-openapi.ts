import { MIN_PASSWORD_LENGTH } from '@hearback/spec';
import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { SESSION_COOKIE } from '../openapi.js';
import {
  CONNECTION_ERRORS,
  errorResponse,
  ProblemSchema,
  SESSION_ONLY_SECURITY,
  Timestamp,
} from '../routes/shared.schemas.js';
import { AUTH_BASE_PATH } from './auth.js';
import { AUTH_RATE_LIMIT, AUTH_RATE_LIMIT_RULES, type AuthRateLimit, SESSION_LIFETIME } from './auth-limits.js';

/**
 * How the account endpoints refuse: a problem like every other endpoint's (better-auth's code in
 * lower_snake, its message as `detail`; http/auth-problem.ts), with `message` as well.
 */
export const AuthProblemSchema = ProblemSchema.extend({
  message: z.string().openapi({
    description: 'The same as `detail`: what better-auth’s client reads (`error.message`).',
    example: 'Invalid email or password',
  }),
}).openapi('AuthProblem', {
  description:
    'A refusal of the account endpoints (better-auth): a problem whose `code` is better-auth’s in lower_snake, with `message` repeating `detail`.',
});

export const AuthUserSchema = z
  .object({
    id: z.string().openapi({ example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    instanceAdmin: z.boolean().openapi({ description: 'Administers this instance (its first user).' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AuthUser');

export const AuthSessionSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      token: z.string(),
      expiresAt: Timestamp,
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
    user: AuthUserSchema,
  })
  .nullable()
  .openapi('AuthSession', { description: 'The session and its user; `null` when not signed in.' });

export const SignedUpSchema = z
  .object({
    token: z.string().nullable().openapi({ description: 'The new session’s token (also in the cookie).' }),
    user: AuthUserSchema,
  })
  .openapi('SignedUp');

export const SignedInSchema = z
  .object({
    redirect: z.boolean(),
    token: z.string().openapi({ description: 'The session’s token (also in the cookie).' }),
    url: z.string().nullable().optional(),
    user: AuthUserSchema,
  })
  .openapi('SignedIn');

export const AuthStatusSchema = z
  .object({ status: z.boolean(), message: z.string().optional() })
  .openapi('AuthStatus', { description: 'Done (`status: true`).' });

export const SignedOutSchema = z.object({ success: z.boolean() }).openapi('SignedOut');

const Email = z.email().openapi({ example: 'ada@example.com' });
const Password = z.string().min(MIN_PASSWORD_LENGTH).openapi({ example: 'correct-horse-battery' });
/** A page a mailed link returns to: better-auth takes a path or a URL on this server's origin, else 403. */
const SameOriginUrl = z.string().openapi({ example: '/app/reset-password' });

function rateLimitOf(path: string): AuthRateLimit {
  return AUTH_RATE_LIMIT_RULES[path as keyof typeof AUTH_RATE_LIMIT_RULES] ?? AUTH_RATE_LIMIT;
}

/** A rate limit's window in words: `a minute`, `an hour`, `5 minutes`. */
function windowInWords(seconds: number): string {
  const [count, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : [seconds / 60, 'minute'];
  if (count === 1) return unit === 'hour' ? 'an hour' : 'a minute';
  return `${count} ${unit}s`;
}

const authProblem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: AuthProblemSchema } },
});

const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds until the address may try again.', schema: { type: 'integer' as const } },
  'X-Retry-After': { description: 'The same, as better-auth names it.', schema: { type: 'integer' as const } },
};

const SESSION_SET = {
  'Set-Cookie': {
    description: `The session cookie (\`${SESSION_COOKIE}\`, \`HttpOnly\`): send it back as \`Cookie\` (the dashboard; \`session\` in \`@hearback/node\`).`,
    schema: { type: 'string' as const },
  },
};

interface AuthEndpoint {
  method: 'get' | 'post';
  /** better-auth's path, under {@link AUTH_BASE_PATH}. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  signedIn?: boolean;
  body?: z.ZodType;
  ok: { description: string; schema: z.ZodType; setsSession?: boolean };
  errors?: Record<number, string>;
}

const ENDPOINTS: AuthEndpoint[] = [
  {
    method: 'post',
    path: '/sign-up/email',
    operationId: 'signUpEmail',
    summary: 'Sign up with email and password',
    description:
      'Creates an account and signs it in. The first account administers the instance; after that `HEARBACK_SIGNUP` decides who may sign up (open, by invitation, closed). A link to verify the email address is mailed.',
    body: z.object({
      name: z.string().min(1),
      email: Email,
      password: Password,
      callbackURL: SameOriginUrl.optional().openapi({
        description: 'Where the mailed verification link leads once the address is verified.',
      }),
    }),
    ok: { description: 'Signed up and in.', schema: SignedUpSchema, setsSession: true },
    errors: {
      400: 'Invalid input (`validation_error`, `invalid_email`, `password_too_short` …).',
      403: 'Sign-up is closed, or by invitation and this address has none (`signup_closed`, whether or not the address has an account); or `callbackURL` is neither a path nor a URL on this server (`invalid_callback_url`).',
      422: 'Sign-up is open (or this address is invited) and an account with this email exists (`user_already_exists_use_another_email`).',
    },
  },
  {
    method: 'post',
    path: '/sign-in/email',
    operationId: 'signInEmail',
    summary: 'Sign in with email and password',
    description: `Starts a session (${SESSION_LIFETIME.expiresIn / 86_400} days from its last extension, extended at most every ${SESSION_LIFETIME.updateAge / 3600} hours while used). The Node SDK takes its cookie as \`session\`; the session acts with the member’s role in each organization.`,
    body: z.object({ email: Email, password: z.string(), rememberMe: z.boolean().optional() }),
    ok: { description: 'Signed in.', schema: SignedInSchema, setsSession: true },
    errors: {
      400: 'Invalid input (`validation_error`, `invalid_email`).',
      401: 'Wrong email or password (`invalid_email_or_password`).',
    },
  },
  {
    method: 'get',
    path: '/get-session',
    operationId: 'getAuthSession',
    summary: 'Get the session',
    description: 'The session the cookie names, and its user; `null` without one.',
    signedIn: true,
    ok: { description: 'The session, or `null`.', schema: AuthSessionSchema },
  },
  {
    method: 'post',
    path: '/sign-out',
    operationId: 'signOut',
    summary: 'Sign out',
    description: 'Ends the session the cookie names, and clears the cookie.',
    signedIn: true,
    ok: { description: 'Signed out.', schema: SignedOutSchema },
  },
  {
    method: 'post',
    path: '/request-password-reset',
    operationId: 'requestPasswordReset',
    summary: 'Ask for a password reset link',
    description:
      'Mails a link to reset the password when the address has an account; the answer is the same either way.',
    body: z.object({
      email: Email,
      redirectTo: SameOriginUrl.optional().openapi({
        description: 'The page the mailed link opens with its token (the dashboard’s reset page).',
      }),
    }),
    ok: { description: 'Mailed, if the account exists.', schema: AuthStatusSchema },
    errors: {
      400: 'Invalid input (`validation_error`, `invalid_email`).',
      403: '`redirectTo` is neither a path nor a URL on this server (`invalid_redirect_url`).',
    },
  },
  {
    method: 'post',
    path: '/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password',
    description: 'With the token of a reset link: sets the password and ends every session of the account.',
    body: z.object({ token: z.string(), newPassword: Password }),
    ok: { description: 'The password is changed.', schema: AuthStatusSchema },
    errors: {
      400: 'Invalid input (`validation_error`, `password_too_short` …), or an invalid or expired token (`invalid_token`).',
    },
  },
];

function routeOf(endpoint: AuthEndpoint): RouteConfig {
  const limit = rateLimitOf(endpoint.path);
  return createRoute({
    method: endpoint.method,
    path: `${AUTH_BASE_PATH}${endpoint.path}`,
    tags: ['Auth'],
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: `${endpoint.description} At most ${limit.max} requests ${windowInWords(limit.window)} from one address.`,
    security: endpoint.signedIn ? SESSION_ONLY_SECURITY : [],
    ...(endpoint.body && {
      request: { body: { required: true, content: { 'application/json': { schema: endpoint.body } } } },
    }),
    responses: {
      200: {
        description: endpoint.ok.description,
        ...(endpoint.ok.setsSession && { headers: SESSION_SET }),
        content: { 'application/json': { schema: endpoint.ok.schema } },
      },
      ...CONNECTION_ERRORS,
      ...(endpoint.method === 'post' && {
        413: errorResponse('The request body exceeds the size limit (`payload_too_large`).'),
        415: {
          description:
            'The body is neither JSON nor a urlencoded form, is multipart, or declares a charset other than UTF-8 (`unsupported_media_type`).',
          content: { 'application/problem+json': { schema: z.union([AuthProblemSchema, ProblemSchema]) } },
        },
      }),
      ...Object.fromEntries(Object.entries(endpoint.errors ?? {}).map(([status, text]) => [status, authProblem(text)])),
      // better-auth refuses a POST from a page of another site (its origin check, against CSRF).
      ...(endpoint.method === 'post' && {
        403: authProblem(
          endpoint.errors?.[403]
            ? `${endpoint.errors[403]} Also when sent from a page of another site (\`invalid_origin\`).`
            : 'Sent from a page of another site: `Origin` is not this server (`invalid_origin`).',
        ),
      }),
      ...((endpoint.errors?.[400] || endpoint.method === 'post') && {
        400: {
          description: [
            endpoint.errors?.[400],
            'Or not valid HTTP/1.1 (`bad_request`, without `message`).',
            ...(endpoint.method === 'post'
              ? [
                  'Or a body whose bytes are not UTF-8 (`malformed_json` for JSON, `bad_request` for a form; without `message`).',
                ]
              : []),
          ]
            .filter(Boolean)
            .join(' '),
          content: { 'application/problem+json': { schema: z.union([AuthProblemSchema, ProblemSchema]) } },
        },
      }),
      429: {
        ...authProblem('Too many requests from this address (`rate_limited`); retry after `Retry-After` seconds.'),
        headers: RETRY_AFTER,
      },
    },
  });
}

/**
 * The account endpoints the dashboard and the SDKs call, as the document describes them. better-auth
 * serves them (`registerAuthRoutes`) and has its own OpenAPI generator, whose output is not merged:
 * it lists every endpoint better-auth has (social sign-in, account linking, tokens) though no provider
 * is configured, names a bearer scheme this server does not accept, and writes OpenAPI 3.0 schemas.
 * The bodies here are checked against the real endpoints (test/openapi-coverage.test.ts).
 *
 * @example
 * for (const route of authRoutes()) app.openAPIRegistry.registerPath(route);
 */
export function authRoutes(): RouteConfig[] {
  return ENDPOINTS.map(routeOf);
}
