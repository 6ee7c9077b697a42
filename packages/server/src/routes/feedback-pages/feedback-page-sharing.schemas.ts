import { z } from '@hono/zod-openapi';
import { FLYER_PAPER_SIZES } from '../../pages/share/flyer.js';
import { QR_PNG_SIZE } from '../../pages/share/qr-code.js';
import { queryInteger } from '../shared.schemas.js';

export const ShareLinksSchema = z
  .object({
    url: z.string().openapi({ description: 'The public page, `/f/{orgSlug}/{pageSlug}`.' }),
    qrSvgUrl: z.string().openapi({
      description: 'Its QR code as SVG, next to the page (`…/qr.svg`; no key; once the page is published).',
    }),
    qrPngUrl: z.string().openapi({
      description:
        'Its QR code as PNG, next to the page (`…/qr.png?size=` in pixels; no key; once the page is published).',
    }),
    emailSignatureHtml: z.string().openapi({
      description:
        'A "Give feedback" button for an email signature: inline styles and a table cell, for Gmail, Apple Mail and Outlook.',
    }),
    iframeSnippet: z.string().openapi({
      description:
        'An iframe of the page in embed mode at a fixed height, and an optional script that fits it to the form.',
    }),
    flyerUrl: z.string().openapi({
      description:
        'A printable flyer next to the page (`…/flyer?paper=a4|letter`; no key; once the page is published).',
    }),
  })
  .openapi('FeedbackPageShare');

export const QrPngQuery = z.object({
  size: queryInteger('size', {
    min: QR_PNG_SIZE.min,
    max: QR_PNG_SIZE.max,
    description: `Width and height in pixels (${QR_PNG_SIZE.min}–${QR_PNG_SIZE.max}, default ${QR_PNG_SIZE.default}).`,
  }),
});

export const FlyerQuery = z.object({
  paper: z
    .enum(FLYER_PAPER_SIZES)
    .optional()
    .openapi({
      param: { name: 'paper', in: 'query' },
      description: "The paper size printed on; by default the printer's (the flyer fits both).",
    }),
});
