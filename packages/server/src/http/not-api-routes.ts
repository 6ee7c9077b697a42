import { AUTH_BASE_PATH } from '../accounts/auth.js';
import { SKILL_PATHS } from '../discovery/skill-routes.js';
import { MCP_PATH } from '../mcp/mcp-endpoint.js';
import { SHARE_ARTIFACT_PATHS } from '../pages/share/share-links.js';
import { PAGE_ASSETS_PATH, PUBLIC_PAGE_PATH } from '../public-pages/public-page-path.js';
import { DASHBOARD_PATH } from './dashboard-routes.js';

type Method = 'GET' | 'POST' | 'DELETE';

/** Served routes that are not API, and why. */
export interface NotApiRoute {
  methods: readonly Method[];
  /** Paths exactly as the app registers them (Hono's syntax: `:param`, a trailing `*`). */
  paths?: readonly string[];
  /** Beginnings of paths that change with each build (hashed file names). */
  prefixes?: readonly string[];
  why: string;
}

/**
 * The one rule for what the server serves that stays out of the OpenAPI document: pages and files
 * for people, the document itself and its summaries, and what answers for someone else's protocol.
 * Every other route is an operation of the document (test/openapi-coverage.test.ts checks both ways).
 */
export const NOT_API_ROUTES: readonly NotApiRoute[] = [
  {
    methods: ['GET'],
    paths: ['/', DASHBOARD_PATH, `${DASHBOARD_PATH}/*`],
    why: 'The dashboard: a web app for people.',
  },
  {
    methods: ['GET'],
    paths: ['/docs', '/docs/', '/docs/assets/:file'],
    why: 'The API reference: this document rendered for people.',
  },
  {
    methods: ['GET'],
    paths: ['/openapi.json', '/openapi.yaml', ...SKILL_PATHS.markdown, ...SKILL_PATHS.json],
    why: 'This document, and its summary with the MCP tools for AI agents (skill files).',
  },
  { methods: ['GET'], prefixes: ['/widget'], why: 'The widget: script files for web pages.' },
  {
    methods: ['GET'],
    paths: [
      PUBLIC_PAGE_PATH,
      ...Object.values(SHARE_ARTIFACT_PATHS).map((artifact) => `${PUBLIC_PAGE_PATH}${artifact}`),
    ],
    prefixes: [`${PAGE_ASSETS_PATH}/`],
    why: 'A feedback page for people: its HTML form, stylesheet and scripts, QR codes and printable flyer.',
  },
  {
    methods: ['GET'],
    prefixes: [`${AUTH_BASE_PATH}/sso/`],
    why: 'Single sign-on: redirects of a person’s browser to the identity provider and back.',
  },
  {
    methods: ['GET', 'POST'],
    paths: [`${AUTH_BASE_PATH}/*`],
    why: 'better-auth’s own endpoints besides those documented under Auth: links opened from mail, and endpoints no Hearback client calls (social sign-in, account linking); better-auth documents them.',
  },
  {
    methods: ['GET', 'DELETE'],
    paths: [MCP_PATH],
    why: 'The MCP transport’s stream and session methods, which this stateless endpoint refuses (405, see `POST /mcp`).',
  },
  { methods: ['GET'], paths: ['/*'], why: 'Files of the operator’s public directory (`HEARBACK_PUBLIC_DIR`).' },
];

/**
 * The entry of {@link NOT_API_ROUTES} a registered route falls under, if any.
 *
 * @example
 * notApiRouteOf('GET', '/app/*')?.why; // 'The dashboard: a web app for people.'
 */
export function notApiRouteOf(method: string, path: string): NotApiRoute | undefined {
  return NOT_API_ROUTES.find(
    (route) =>
      route.methods.some((allowed) => allowed === method) &&
      (route.paths?.includes(path) || route.prefixes?.some((prefix) => path.startsWith(prefix))),
  );
}
