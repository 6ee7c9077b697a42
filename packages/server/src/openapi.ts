import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './http/app-env.js';
import { SERVER_VERSION } from './version.js';

type OpenAPIObjectConfig = Parameters<OpenAPIHono<AppEnv>['getOpenAPI31Document']>[0];

export const OPENAPI_CONFIG: OpenAPIObjectConfig = {
  openapi: '3.1.0',
  info: {
    title: 'Hearback API',
    version: SERVER_VERSION,
    description:
      'Collect feedback from widgets, servers and AI agents; list, filter and triage it. Authenticate with an API key in `X-Service-Key` (or `Authorization: Bearer`). Every path is also served under `/v1`. Errors are `application/problem+json` with a stable `code`. `x-required-scope` names the scope each operation needs (`x-accepted-scopes` lists them all when a key holding any of several will do). AI agents: `/skill.md` summarises this API, and `/mcp` serves it over the Model Context Protocol. Operations marked `x-sdk: false` are served next to the REST API for other clients (MCP, people’s sign-in, a feedback page’s visitors), with their own error bodies; the SDKs have no methods for them. The dashboard (`/app`), this reference (`/docs`), the widget’s and pages’ files are for people and not described here.',
    license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
  },
  servers: [{ url: 'http://localhost:3000', description: 'A local Hearback server' }],
  tags: [
    { name: 'Collect', description: 'Submit feedback.' },
    { name: 'Feedback', description: 'List, filter and triage feedback.' },
    { name: 'Search', description: 'Find feedback by meaning and words, and likely duplicates.' },
    { name: 'Notes', description: 'Team notes on feedback.' },
    { name: 'Inboxes', description: 'Where feedback arrives: each has the `inboxKey` that `/collect` names.' },
    { name: 'Brands', description: 'Group inboxes; API keys can be restricted to one brand.' },
    { name: 'API keys', description: 'Create, rename and revoke the keys that call this API.' },
    {
      name: 'Secrets',
      description: 'Named values webhook templates reference as `{{secrets.NAME}}`; stored encrypted, never returned.',
    },
    {
      name: 'Feedback pages',
      description: 'Standalone feedback forms: questions, publishing, the public page and its responses.',
    },
    {
      name: 'Page insights',
      description: 'A feedback page’s analytics, and its responses exported as CSV or NDJSON.',
    },
    {
      name: 'Automations',
      description:
        'Webhooks on events: a filter, a URL, headers and a templated JSON body, signed (Standard Webhooks).',
    },
    { name: 'Webhook deliveries', description: 'What each automation sent, its answers, and sending again.' },
    {
      name: 'REST hooks',
      description: 'Subscriptions made by automation platforms (Zapier and the like) for their triggers.',
    },
    { name: 'Views', description: 'Named feedback filters, saved for the organization.' },
    { name: 'Organizations', description: 'The organization: its name, plan and usage.' },
    { name: 'Members', description: 'People in the organization, their roles, and invitations.' },
    { name: 'Account', description: 'The signed-in person: their profile and organizations.' },
    { name: 'Audit log', description: 'Who changed what in the organization, newest first.' },
    {
      name: 'Single sign-on',
      description:
        'OpenID Connect sign-in per organization (enterprise plan): the provider, and the email domains it vouches for once their DNS records prove them. People start at `GET /auth/sso/start?email=…`.',
    },
    { name: 'Identity', description: 'Who is calling: the organization and scopes of an API key.' },
    {
      name: 'MCP',
      description:
        'The Model Context Protocol endpoint for AI agents: the tools stand for the operations above and act for the API key.',
    },
    {
      name: 'Auth',
      description:
        'Accounts of people (served by better-auth): sign-up, sign-in to a session cookie, sign-out, password reset. Refusals are problems like everywhere else (better-auth’s code in lower_snake), with `message` repeating `detail`.',
    },
    {
      name: 'Public pages',
      description:
        'What a published feedback page’s visitors send, without a key: a response, a start, a captcha challenge. The page itself is HTML at the same address.',
    },
    { name: 'Health', description: 'Probes for process supervisors and load balancers; no API key.' },
  ],
};

/**
 * The mark of an operation the SDKs have no method for: it speaks another protocol (MCP, which
 * `@hearback/mcp` speaks), belongs to people's sessions (better-auth) or to a page's visitors.
 * `pnpm openapi` lists the marked operations for `@hearback/client`'s `OperationId` to leave out.
 */
export const NO_SDK_METHOD = 'x-sdk';

/** The document's name for the `X-Service-Key` header scheme (the one `/docs` preselects). */
export const API_KEY_SECURITY_SCHEME = 'ApiKeyAuth';
export const SESSION_SECURITY_SCHEME = 'SessionCookie';
/** better-auth's session cookie under our prefix (`accounts/auth.ts`). */
export const SESSION_COOKIE = 'hearback.session_token';

export function registerSecuritySchemes(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', API_KEY_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'header',
    name: 'X-Service-Key',
    description: 'An API key (`hb_…`) with the scopes the operation needs.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The same API key as a bearer token.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      "A signed-in member's session (`POST /auth/sign-in/email`). The member's role gives the scopes. Writes must send the instance's own `Origin` (CSRF).",
  });
}

/** The OpenAPI 3.1 document of an app, as served at `/openapi.json` and committed to the repo. */
export function openApiDocument(app: OpenAPIHono<AppEnv>): ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']> {
  return app.getOpenAPI31Document(OPENAPI_CONFIG);
}
