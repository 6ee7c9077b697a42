import { describe, expect, it } from 'vitest';
import { PAGE_URL } from '../../../test/support/share-artifacts.js';
import { emailSignatureHtml } from './email-signature.js';
import { iframeSnippet } from './iframe-snippet.js';
import { publicPageUrlOf, shareLinks } from './share-links.js';

const input = { pageUrl: PAGE_URL, title: 'Onboarding', accentColor: '#0f766e' };

describe('shareLinks', () => {
  it('gathers the link, the public artifact URLs next to the page, and both snippets', () => {
    expect(shareLinks(input)).toEqual({
      url: PAGE_URL,
      qrSvgUrl: `${PAGE_URL}/qr.svg`,
      qrPngUrl: `${PAGE_URL}/qr.png`,
      emailSignatureHtml: emailSignatureHtml(input),
      iframeSnippet: iframeSnippet(input),
      flyerUrl: `${PAGE_URL}/flyer`,
    });
  });

  it('refuses a page URL that is not http or https', () => {
    expect(() => shareLinks({ ...input, pageUrl: 'ftp://example.com/f/a/b' })).toThrow(
      expect.objectContaining({ status: 500, code: 'internal_error' }),
    );
  });
});

describe('publicPageUrlOf', () => {
  it('is /f/<orgSlug>/<pageSlug> under the base URL, keeping its path prefix', () => {
    expect(publicPageUrlOf('https://feedback.example', 'acme', 'onboarding')).toBe(
      'https://feedback.example/f/acme/onboarding',
    );
    expect(publicPageUrlOf('https://example.com/hearback/', 'acme', 'nps')).toBe(
      'https://example.com/hearback/f/acme/nps',
    );
  });
});
