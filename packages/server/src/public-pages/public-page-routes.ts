import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { notFound } from '../errors/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { CidrSet } from '../lib/cidr.js';
import type { PageAsset, PageAssets } from './page-assets.js';
import { newNonce, pageHeaders } from './page-headers.js';
import { ALREADY_ANSWERED_MESSAGE, closedMessage, NOT_FOUND_MESSAGE } from './page-messages.js';
import { visitorOf } from './page-visitor.js';
import { PUBLIC_PAGE_PATH } from './public-page-path.js';
import { type RenderContext, renderFormPage, renderMessagePage } from './render-page.js';
import { isScriptSubmission, submitPage } from './submit-page.js';

/** Serves one file from memory: immutable for a year (its name changes with it), gzipped on request. */
function serveAsset(app: OpenAPIHono<AppEnv>, asset: PageAsset): void {
  app.get(asset.path, (c) => {
    const headers: Record<string, string> = {
      'content-type': asset.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: asset.etag,
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
    };
    if (c.req.header('if-none-match') === asset.etag) return c.body(null, 304, headers);
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    if (gzip) headers['content-encoding'] = 'gzip';
    return c.body(new Uint8Array(gzip ? asset.gzip : asset.body), 200, headers);
  });
}

/**
 * The public feedback pages, outside the operation table (they take no key and answer HTML):
 * `GET /f/:orgSlug/:pageSlug` (the form; `?embed=1` for an iframe), `POST` the same path (a
 * response), `POST …/start?visit=` (the script's first-interaction beacon, naming the visit the
 * page was loaded with), `GET …/challenge` (a captcha
 * challenge), and the page's stylesheet, script and worker under `/f/assets/`.
 */
export function registerPublicPageRoutes(
  app: OpenAPIHono<AppEnv>,
  assets: PageAssets,
  trustedProxies: CidrSet = new CidrSet(),
): void {
  for (const asset of [assets.stylesheet, assets.script, assets.worker]) if (asset) serveAsset(app, asset);

  const contextOf = (c: Context<AppEnv>): RenderContext => ({
    embed: c.req.query('embed') === '1',
    nonce: newNonce(),
    assets: { stylesheet: assets.stylesheet.path, script: assets.script?.path, worker: assets.worker?.path },
  });

  /** The published or closed page at the request's address, if any. */
  const pageAt = (c: Context<AppEnv>) =>
    c.get('services').publicPages.find(c.req.param('orgSlug') ?? '', c.req.param('pageSlug') ?? '');

  /** The page at the address, or the HTML answer for a missing or closed one. */
  async function pageOr(c: Context<AppEnv>, context: RenderContext) {
    const page = await pageAt(c);
    const headers = pageHeaders({ nonce: context.nonce, embed: context.embed });
    if (!page) return { answer: c.body(renderMessagePage(undefined, context, NOT_FOUND_MESSAGE), 404, headers) };
    if (page.state === 'closed')
      return { answer: c.body(renderMessagePage(page, context, closedMessage(page)), 410, headers) };
    return { page };
  }

  app.get(PUBLIC_PAGE_PATH, async (c) => {
    const context = contextOf(c);
    const { page, answer } = await pageOr(c, context);
    if (!page) return answer;
    // Hono answers HEAD with this handler; a request for the headers alone (link checkers,
    // monitors, unfurlers) shows no one the page, so it is not a view.
    const visit = c.req.method === 'HEAD' ? undefined : await c.get('services').publicPages.viewed(page);
    const headers = pageHeaders({ nonce: context.nonce, embed: context.embed, redirectUrl: page.settings.redirectUrl });
    if (page.settings.singleSubmission && visitorOf(c, trustedProxies).answeredBefore) {
      return c.body(renderMessagePage(page, context, ALREADY_ANSWERED_MESSAGE), 200, headers);
    }
    return c.body(renderFormPage(page, c.req.param('orgSlug'), { ...context, visit }), 200, headers);
  });

  app.post(PUBLIC_PAGE_PATH, async (c) => {
    const context = contextOf(c);
    // A program posting JSON gets problems, not the pages people see: a closed page's is the
    // service's 409 `page_not_accepting_responses`, as for the keyed API.
    const submit = (page: FeedbackPage) =>
      submitPage(c, page, c.req.param('orgSlug'), context, visitorOf(c, trustedProxies));
    if (isScriptSubmission(c)) {
      const page = await pageAt(c);
      if (!page) throw notFound('Feedback page');
      return submit(page);
    }
    const { page, answer } = await pageOr(c, context);
    return page ? submit(page) : answer;
  });

  app.post(`${PUBLIC_PAGE_PATH}/start`, async (c) => {
    await c.get('services').publicPages.started(await pageAt(c), c.req.query('visit'));
    return c.body(null, 204);
  });

  app.get(`${PUBLIC_PAGE_PATH}/challenge`, async (c) => {
    const page = await pageAt(c);
    if (!page) throw notFound('Feedback page');
    return c.json(await c.get('services').publicPages.challenge(page), 200, { 'cache-control': 'no-store' });
  });
}
