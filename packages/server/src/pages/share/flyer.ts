import { escapeHtml } from '../../lib/html.js';
import { accentColorOf } from './accent-color.js';
import { qrSvg } from './qr-code.js';
import { checkedPageUrl, safeLogoUrl } from './safe-urls.js';
import type { ShareInput } from './share-input.js';

/** Paper sizes a flyer can be set for; without one the printer's default applies. */
export const FLYER_PAPER_SIZES = ['a4', 'letter'] as const;
export type FlyerPaperSize = (typeof FLYER_PAPER_SIZES)[number];

/**
 * The flyer's policy, as a header for the route and a `<meta>` in the document (so a saved copy
 * keeps it): no script, no fetches, styles inline; images only inline or https (the logo).
 */
export const FLYER_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:";

// The content fits the smaller printable area of both A4 (210 × 297 mm) and US Letter
// (216 × 279 mm) at 15 mm margins, so the flyer prints on either without a size set.
const PAGE_SIZE_RULE: Record<FlyerPaperSize | 'auto', string> = { a4: 'size:A4;', letter: 'size:letter;', auto: '' };

/**
 * A print-ready HTML document: logo, title, description, a large QR code (inline SVG, so nothing
 * is fetched) and the link spelled out. Light colours, the accent only as a thin band, no script.
 *
 * @example
 * const html = await flyerHtml({ pageUrl: 'https://feedback.example/f/acme/nps', title: 'How are we doing?' }, { paper: 'a4' });
 */
export async function flyerHtml(input: ShareInput, options: { paper?: FlyerPaperSize } = {}): Promise<string> {
  const url = checkedPageUrl(input.pageUrl).href;
  const accent = accentColorOf(input.accentColor);
  const title = escapeHtml(input.title);
  const logo = safeLogoUrl(input.logoUrl);
  // The encoder's SVG carries no user text, only its own path data: safe to inline.
  const qr = (await qrSvg(url)).replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  const description = input.description?.trim();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${FLYER_CONTENT_SECURITY_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
<style>
@page{${PAGE_SIZE_RULE[options.paper ?? 'auto']}margin:15mm;}
*{box-sizing:border-box;}
html{background:#f3f4f6;color:#111827;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;}
body{margin:0;padding:24px 12px;}
.flyer{max-width:180mm;min-height:240mm;margin:0 auto;padding:14mm 12mm;background:#ffffff;border-top:6mm solid ${accent};display:flex;flex-direction:column;align-items:center;text-align:center;gap:8mm;}
.logo{max-height:18mm;max-width:60mm;object-fit:contain;}
h1{margin:0;font-size:30pt;line-height:1.15;overflow-wrap:anywhere;}
.description{margin:0;max-width:150mm;font-size:14pt;line-height:1.4;color:#374151;overflow-wrap:anywhere;white-space:pre-line;}
.qr{width:105mm;height:105mm;}
.qr svg{display:block;width:100%;height:100%;}
.scan{margin:0;font-size:13pt;color:#374151;}
.link{font-size:13pt;font-weight:600;color:#111827;text-decoration:none;overflow-wrap:anywhere;}
@media print{html,body{background:#ffffff;padding:0;}.flyer{margin:0 auto;-webkit-print-color-adjust:exact;print-color-adjust:exact;break-inside:avoid;}}
</style>
</head>
<body>
<main class="flyer">
${logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="">\n` : ''}<h1>${title}</h1>
${description ? `<p class="description">${escapeHtml(description)}</p>\n` : ''}<div class="qr" role="img" aria-label="QR code linking to ${escapeHtml(url)}">${qr.trim()}</div>
<p class="scan">Scan the code with your phone's camera, or visit</p>
<a class="link" href="${escapeHtml(url)}">${escapeHtml(url)}</a>
</main>
</body>
</html>
`;
}
