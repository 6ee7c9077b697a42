import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ApiError, notFound } from '../errors/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { FLYER_CONTENT_SECURITY_POLICY, FLYER_PAPER_SIZES, type FlyerPaperSize } from '../pages/share/flyer.js';
import { SHARE_ARTIFACT_PATHS } from '../pages/share/share-links.js';
import { type SharedPage, shareArtifacts } from '../services/feedback-page-sharing.js';
import { PUBLIC_PAGE_PATH } from './public-page-path.js';

// Short: a page's slug or colours may change, and the artifact must follow.
const CACHE = 'public, max-age=300';

function queryProblem(name: string, message: string): ApiError {
  return new ApiError(400, 'validation_failed', `The query string is invalid: ${name}: ${message}`, {
    errors: [{ path: name, message }],
  });
}

/**
 * A page's QR codes and flyer next to its public address (`/f/:orgSlug/:pageSlug/qr.svg`, `/qr.png`,
 * `/flyer`), without a key, for pages that are public (published or closed; a draft's answer 404):
 * the URLs `GET …/share` gives, so they can go in an email, on a site or on a poster as they are.
 */
export function registerPublicShareRoutes(app: OpenAPIHono<AppEnv>): void {
  async function sharedPage(c: Context<AppEnv>): Promise<SharedPage> {
    const orgSlug = c.req.param('orgSlug') ?? '';
    const page = await c.get('services').publicPages.find(orgSlug, c.req.param('pageSlug') ?? '');
    if (!page) throw notFound('Feedback page');
    return { page, orgSlug, baseUrl: c.get('services').feedbackPageSharing.baseUrl(new URL(c.req.url).origin) };
  }

  app.get(PUBLIC_PAGE_PATH + SHARE_ARTIFACT_PATHS.qrSvg, async (c) => {
    const svg = await shareArtifacts.qrSvg(await sharedPage(c));
    return c.body(svg, 200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': CACHE });
  });

  app.get(PUBLIC_PAGE_PATH + SHARE_ARTIFACT_PATHS.qrPng, async (c) => {
    const size = c.req.query('size');
    if (size !== undefined && size !== '' && !/^[0-9]+$/.test(size))
      throw queryProblem('size', 'Expected an integer written in decimal digits, such as 512.');
    const png = await shareArtifacts.qrPng(await sharedPage(c), size ? Number(size) : undefined);
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': CACHE });
  });

  app.get(PUBLIC_PAGE_PATH + SHARE_ARTIFACT_PATHS.flyer, async (c) => {
    const paper = c.req.query('paper');
    if (paper !== undefined && !(FLYER_PAPER_SIZES as readonly string[]).includes(paper))
      throw queryProblem('paper', `Expected one of: ${FLYER_PAPER_SIZES.join(', ')}.`);
    const html = await shareArtifacts.flyer(await sharedPage(c), paper as FlyerPaperSize | undefined);
    return c.body(html, 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': FLYER_CONTENT_SECURITY_POLICY,
      'cache-control': CACHE,
    });
  });
}
