import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeQrPng, decodeQrSvg, PAGE_URL } from '../../../test/support/share-artifacts.js';
import { ApiError } from '../../errors/api-error.js';
import { QR_PNG_SIZE, qrPng, qrSvg } from './qr-code.js';

describe('qrPng', () => {
  it('encodes the page URL so that an independent decoder reads it back', async () => {
    const url = `${PAGE_URL}?utm_source=flyer&lang=fr`;
    expect(decodeQrPng(await qrPng(url))).toBe(url);
  });

  it('is exactly the size asked for, 512 px by default', async () => {
    expect(PNG.sync.read(await qrPng(PAGE_URL))).toMatchObject({ width: 512, height: 512 });
    const small = await qrPng(PAGE_URL, { size: QR_PNG_SIZE.min });
    expect(PNG.sync.read(small)).toMatchObject({ width: 64, height: 64 });
    expect(decodeQrPng(small)).toBe(PAGE_URL);
  });

  it('refuses a size out of bounds or fractional with a 400 naming the size', async () => {
    for (const size of [QR_PNG_SIZE.min - 1, QR_PNG_SIZE.max + 1, 100.5, Number.NaN]) {
      const error = await qrPng(PAGE_URL, { size }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ path: 'size' }] });
    }
  });

  it('refuses a URL that is not http or https (it would become a link on a flyer)', async () => {
    await expect(qrPng('javascript:alert(1)')).rejects.toMatchObject({ status: 500, code: 'internal_error' });
  });
});

describe('qrSvg', () => {
  it('is one scalable SVG element: a viewBox in modules and no fixed size', async () => {
    const svg = await qrSvg(PAGE_URL);
    expect(svg.trim()).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"[^>]*>.*<\/svg>$/s,
    );
    expect(svg).not.toMatch(/<svg[^>]* (width|height)=/);
  });

  it('draws the page URL: its path, put on a bitmap, decodes back to it', async () => {
    const url = `${PAGE_URL}?ref=signature`;
    expect(decodeQrSvg(await qrSvg(url))).toBe(url);
  });
});
