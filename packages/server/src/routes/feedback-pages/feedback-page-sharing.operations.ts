import { z } from '@hono/zod-openapi';
import { FLYER_CONTENT_SECURITY_POLICY } from '../../pages/share/flyer.js';
import { SHARE_ARTIFACT_PATHS } from '../../pages/share/share-links.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonContent } from '../shared.schemas.js';
import { FlyerQuery, QrPngQuery, ShareLinksSchema } from './feedback-page-sharing.schemas.js';
import { PAGE_READ_ACCESS } from './feedback-pages.operations.js';
import { FeedbackPageParams } from './feedback-pages.schemas.js';

const tags = ['Feedback pages'];
const path = '/organizations/{orgId}/feedback-pages/{pageId}/share';
const PUBLIC_URL =
  'Links are built on `HEARBACK_PUBLIC_URL`, or on the address the request came to when it is not set.';

/** The base URL a request came to: where links point when no public URL is configured. */
const requestOrigin = (url: string) => new URL(url).origin;

const content = (type: string, schema: z.ZodType, description: string) => ({
  description,
  content: { [type]: { schema } },
});

export const getFeedbackPageShare = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path,
    tags,
    operationId: 'getFeedbackPageShare',
    summary: 'Every way to share a feedback page',
    description: `The page's link, the URLs of its QR codes and flyer, and the email-signature and iframe snippets ready to paste. ${PUBLIC_URL}`,
    request: { params: FeedbackPageParams },
    responses: { 200: jsonContent(ShareLinksSchema, 'The sharing links and snippets.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { pageId } = c.req.valid('param');
    return c.json(
      await c.var.services.feedbackPageSharing.links(c.var.principal, pageId, requestOrigin(c.req.url)),
      200,
    );
  },
});

export const getFeedbackPageQrSvg = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path: path + SHARE_ARTIFACT_PATHS.qrSvg,
    tags,
    operationId: 'getFeedbackPageQrSvg',
    summary: "A feedback page's QR code as SVG",
    description: `Black on white, error correction M, scalable (a \`viewBox\`, no fixed size). ${PUBLIC_URL}`,
    request: { params: FeedbackPageParams },
    responses: {
      200: content('image/svg+xml', z.string(), 'The QR code of the page link.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { pageId } = c.req.valid('param');
    const svg = await c.var.services.feedbackPageSharing.qrSvg(c.var.principal, pageId, requestOrigin(c.req.url));
    return c.body(svg, 200, { 'content-type': 'image/svg+xml; charset=utf-8' });
  },
});

export const getFeedbackPageQrPng = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path: path + SHARE_ARTIFACT_PATHS.qrPng,
    tags,
    operationId: 'getFeedbackPageQrPng',
    summary: "A feedback page's QR code as PNG",
    description: `Black on white, error correction M, \`size\` × \`size\` pixels. ${PUBLIC_URL}`,
    request: { params: FeedbackPageParams, query: QrPngQuery },
    responses: {
      200: content('image/png', z.string().openapi({ format: 'binary' }), 'The QR code of the page link.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { pageId } = c.req.valid('param');
    const { size } = c.req.valid('query');
    const png = await c.var.services.feedbackPageSharing.qrPng(c.var.principal, pageId, requestOrigin(c.req.url), size);
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png' });
  },
});

export const getFeedbackPageFlyer = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path: path + SHARE_ARTIFACT_PATHS.flyer,
    tags,
    operationId: 'getFeedbackPageFlyer',
    summary: 'A printable flyer for a feedback page',
    description: `An HTML page to print or save as PDF: the title, description, a large QR code and the link, for A4 or Letter. It loads nothing and runs no script. ${PUBLIC_URL}`,
    request: { params: FeedbackPageParams, query: FlyerQuery },
    responses: {
      200: content('text/html', z.string(), 'The flyer, a complete HTML document.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { pageId } = c.req.valid('param');
    const { paper } = c.req.valid('query');
    const html = await c.var.services.feedbackPageSharing.flyer(
      c.var.principal,
      pageId,
      requestOrigin(c.req.url),
      paper,
    );
    return c.body(html, 200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': FLYER_CONTENT_SECURITY_POLICY,
    });
  },
});
