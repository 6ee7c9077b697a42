import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../scripts/openapi-document.js';
import { createApp } from '../src/app.js';
import { NOT_API_ROUTES, notApiRouteOf } from '../src/http/not-api-routes.js';
import { openApiPath } from '../src/http/route-path.js';
import { loadWidgetAssets } from '../src/http/widget-routes.js';
import { loadPageAssets } from '../src/public-pages/page-assets.js';
import type { Services } from '../src/services/index.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every route a fully configured app registers (widget, page scripts, public directory), as `METHOD path`. */
async function registeredRoutes(publicDir: string): Promise<{ method: string; path: string }[]> {
  const app = createApp({
    services: {} as Services,
    isReady: async () => true,
    collectBodyLimit: 1024,
    bodyLimit: 1024,
    widgetAssets: await loadWidgetAssets(),
    pageAssets: await loadPageAssets(),
    dashboardAssets: async () => undefined,
    publicDir,
  });
  // `ALL` entries are middleware (`app.use`): request ids, CORS, body limits; no route answers to ALL.
  const routes = app.routes.filter((route) => route.method !== 'ALL');
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('the OpenAPI document covers every route the app serves', () => {
  const document = buildOpenApiDocument();
  const documented = new Set(
    Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => (item as Record<string, unknown>)[method]).map(
        (method) => `${method.toUpperCase()} ${path}`,
      ),
    ),
  );
  const publicDir = mkdtempSync(join(tmpdir(), 'hearback-public-'));
  afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

  it('documents every route, but those NOT_API_ROUTES names as pages, files or another protocol', async () => {
    const routes = await registeredRoutes(publicDir);
    expect(routes.length).toBeGreaterThan(documented.size);
    const forgotten = routes
      .filter(({ method, path }) => !documented.has(`${method} ${openApiPath(path)}`))
      .filter(({ method, path }) => !notApiRouteOf(method, path))
      .map(({ method, path }) => `${method} ${path}`);
    expect(forgotten, 'Document these in the OpenAPI document, or say in NOT_API_ROUTES why they are not API').toEqual(
      [],
    );
  });

  it('documents only what is served: every operation is a registered route (or under better-auth’s)', async () => {
    const routes = await registeredRoutes(publicDir);
    const served = (method: string, path: string) =>
      routes.some(
        (route) =>
          route.method === method &&
          (openApiPath(route.path) === path || (route.path.endsWith('/*') && path.startsWith(route.path.slice(0, -1)))),
      );
    const unserved = [...documented].filter((operation) => {
      const [method = '', path = ''] = operation.split(' ');
      return !served(method, path);
    });
    expect(unserved).toEqual([]);
  });

  it('keeps no stale entry in NOT_API_ROUTES: each names a route the app registers', async () => {
    const routes = await registeredRoutes(publicDir);
    for (const entry of NOT_API_ROUTES) {
      const claimed = routes.filter((route) => notApiRouteOf(route.method, route.path) === entry);
      expect(claimed.length, entry.why).toBeGreaterThan(0);
    }
  });

  it('leaves out the HTML pages and files, and documents the endpoints programs call', () => {
    for (const path of ['/', '/app', '/docs', '/openapi.json', '/skill.md', '/widget.js', '/f/{orgSlug}/{pageSlug}']) {
      expect(documented.has(`GET ${path}`), path).toBe(false);
    }
    for (const operation of [
      'POST /mcp',
      'POST /auth/sign-in/email',
      'POST /f/{orgSlug}/{pageSlug}',
      'GET /f/{orgSlug}/{pageSlug}/challenge',
    ]) {
      expect(documented.has(operation), operation).toBe(true);
    }
  });
});
