import { describe, expect, it } from 'vitest';
import { PAGE_URL } from '../../../test/support/share-artifacts.js';
import { emailSignatureHtml } from './email-signature.js';
import { iframeSnippet } from './iframe-snippet.js';
import { publicPageUrlOf, shareLinks, sharePathOf } from './share-links.js';

const input = { pageUrl: PAGE_URL, title: 'Onboarding', accentColor: '#0f766e' };

describe('shareLinks', () => {
  it('gathers the link, the artifact URLs under the page share path, and both snippets', () => {
    const links = shareLinks(input, {
      apiBaseUrl: 'https://feedback.example',
      organizationId: 'org_1',
      pageId: 'page_2',
    });
    const share = 'https://feedback.example/v1/organizations/org_1/feedback-pages/page_2/share';
    expect(links).toEqual({
      url: PAGE_URL,
      qrSvgUrl: `${share}/qr.svg`,
      qrPngUrl: `${share}/qr.png`,
      emailSignatureHtml: emailSignatureHtml(input),
      iframeSnippet: iframeSnippet(input),
      flyerUrl: `${share}/flyer`,
    });
  });

  it('keeps a base URL path prefix (a server behind a proxy at /hearback/)', () => {
    const links = shareLinks(input, {
      apiBaseUrl: 'https://example.com/hearback/',
      organizationId: 'org_1',
      pageId: 'page_2',
    });
    expect(links.flyerUrl).toBe(
      'https://example.com/hearback/v1/organizations/org_1/feedback-pages/page_2/share/flyer',
    );
  });

  it('refuses a base URL that is not http or https', () => {
    expect(() => shareLinks(input, { apiBaseUrl: 'ftp://example.com', organizationId: 'o', pageId: 'p' })).toThrow(
      expect.objectContaining({ status: 500, code: 'internal_error' }),
    );
  });
});

describe('sharePathOf', () => {
  it('encodes the ids as path segments', () => {
    expect(sharePathOf('org_1', 'page/../x')).toBe('/v1/organizations/org_1/feedback-pages/page%2F..%2Fx/share');
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
