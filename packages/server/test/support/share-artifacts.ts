import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { ShareInput } from '../../src/pages/share/share-input.js';

// jsqr is CommonJS typed as an ES module: under NodeNext its function is the default's `default`.
const jsQR = jsQRModule.default;

/** Everything that could break out of HTML text or an attribute value, as a page title. */
export const HOSTILE_TEXT = `<script>alert("x")</script>"'&`;

export const PAGE_URL = 'https://feedback.example/f/acme/onboarding';

/** A page whose title and description are {@link HOSTILE_TEXT}. */
export const HOSTILE_INPUT: ShareInput = { pageUrl: PAGE_URL, title: HOSTILE_TEXT, description: HOSTILE_TEXT };

/** The text a PNG's QR code holds, read by jsQR (a decoder independent of the encoder), if any. */
export function decodeQrPng(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/**
 * The text an SVG QR code from the `qrcode` encoder holds: its dark path (`M x y.5` moves,
 * `h n` strokes one module high, `m dx dy` relative moves) drawn onto a bitmap, 8 px a module,
 * then read by jsQR. Throws if the SVG has another shape, so a changed encoder is noticed.
 */
export function decodeQrSvg(svg: string): string | undefined {
  const size = Number(svg.match(/viewBox="0 0 (\d+) \1"/)?.[1]);
  const path = svg.match(/<path stroke="#000000" d="([^"]+)"/)?.[1];
  if (!size || !path) throw new Error(`Not an SVG QR code from the qrcode encoder: ${svg.slice(0, 120)}`);
  const scale = 8;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, command, numbers] of path.matchAll(/([MmHh])([^MmHh]*)/g)) {
    const [first = 0, second = 0] = (numbers ?? '')
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (command === 'M') [x, y] = [first, second];
    else if (command === 'm') [x, y] = [x + first, y + second];
    else {
      const row = Math.floor(y);
      for (let column = x; column < x + first; column++) {
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            pixels.fill(
              0,
              ((row * scale + dy) * width + column * scale + dx) * 4,
              ((row * scale + dy) * width + column * scale + dx) * 4 + 3,
            );
          }
        }
      }
      x += first;
    }
  }
  return jsQR(pixels, width, width)?.data;
}
