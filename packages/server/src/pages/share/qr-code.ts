import type { QRCodeErrorCorrectionLevel } from 'qrcode';
import { ApiError } from '../../errors/api-error.js';
import { checkedPageUrl } from './safe-urls.js';

/**
 * Level M survives about 15 % damage (a crease, a smudge on a printed flyer) at a modest size;
 * a margin of two modules is half the standard's quiet zone, which phone cameras read fine and
 * which the artifacts' own white surroundings extend.
 */
const QR_OPTIONS = { errorCorrectionLevel: 'M' as QRCodeErrorCorrectionLevel, margin: 2 };

/** Width and height bounds of {@link qrPng}, in pixels: the route's `size` parameter reads them. */
export const QR_PNG_SIZE = { min: 64, max: 2048, default: 512 } as const;

/** The encoder, loaded by the first QR code: most servers never draw one, and it costs start-up time. */
async function encoder() {
  return (await import('qrcode')).default;
}

/**
 * The page's QR code as a standalone SVG document (`viewBox` in modules, no fixed size, so it
 * scales to any box; black on white).
 *
 * @example
 * const svg = await qrSvg('https://feedback.example/f/acme/onboarding');
 */
export async function qrSvg(pageUrl: string): Promise<string> {
  return (await encoder()).toString(checkedPageUrl(pageUrl).href, { ...QR_OPTIONS, type: 'svg' });
}

/**
 * The page's QR code as a PNG of exactly `size` × `size` pixels (default 512); a size outside
 * {@link QR_PNG_SIZE} is a 400.
 *
 * @example
 * const png = await qrPng('https://feedback.example/f/acme/onboarding', { size: 1024 });
 */
export async function qrPng(pageUrl: string, options: { size?: number } = {}): Promise<Buffer> {
  const size = options.size ?? QR_PNG_SIZE.default;
  if (!Number.isInteger(size) || size < QR_PNG_SIZE.min || size > QR_PNG_SIZE.max) {
    throw new ApiError(
      400,
      'validation_failed',
      `The QR code size must be a whole number of pixels from ${QR_PNG_SIZE.min} to ${QR_PNG_SIZE.max}.`,
      { errors: [{ path: 'size', message: `Expected an integer from ${QR_PNG_SIZE.min} to ${QR_PNG_SIZE.max}.` }] },
    );
  }
  return (await encoder()).toBuffer(checkedPageUrl(pageUrl).href, { ...QR_OPTIONS, type: 'png', width: size });
}
