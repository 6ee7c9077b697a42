import { describe, expect, it } from 'vitest';
import { decodeQrSvg, HOSTILE_INPUT, HOSTILE_TEXT, PAGE_URL } from '../../../test/support/share-artifacts.js';
import { FLYER_CONTENT_SECURITY_POLICY, flyerHtml } from './flyer.js';

const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;&#39;&amp;';

describe('flyerHtml', () => {
  it('is a complete document with the title, description, link and a QR code of the link inline', async () => {
    const html = await flyerHtml({
      pageUrl: PAGE_URL,
      title: 'Onboarding',
      description: 'Two minutes, five questions.',
    });
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">[\s\S]*<\/html>\n$/);
    expect(html).toContain('<title>Onboarding</title>');
    expect(html).toContain('<h1>Onboarding</h1>');
    expect(html).toContain('<p class="description">Two minutes, five questions.</p>');
    expect(html).toContain(`<a class="link" href="${PAGE_URL}">${PAGE_URL}</a>`);
    const svg = html.match(/<svg[\s\S]*<\/svg>/)?.[0] ?? '';
    expect(decodeQrSvg(svg)).toBe(PAGE_URL);
  });

  it('runs and fetches nothing: no script, a CSP that forbids it, and the QR code is not a URL', async () => {
    const html = await flyerHtml({ pageUrl: PAGE_URL, title: 'Onboarding' });
    expect(html).not.toMatch(/<script|<link|<iframe|\son[a-z]+=/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${FLYER_CONTENT_SECURITY_POLICY}">`);
    expect(html).not.toContain('<img');
  });

  it('escapes a hostile title and description everywhere they appear', async () => {
    const html = await flyerHtml(HOSTILE_INPUT);
    expect(html).not.toContain('<script');
    expect(html).toContain(`<title>${ESCAPED}</title>`);
    expect(html).toContain(`<h1>${ESCAPED}</h1>`);
    expect(html).toContain(`<p class="description">${ESCAPED}</p>`);
    expect(html.split(HOSTILE_TEXT)).toHaveLength(1);
  });

  it('sets the paper size asked for, and none by default (the content fits A4 and Letter)', async () => {
    const input = { pageUrl: PAGE_URL, title: 't' };
    expect(await flyerHtml(input, { paper: 'a4' })).toContain('@page{size:A4;margin:15mm;}');
    expect(await flyerHtml(input, { paper: 'letter' })).toContain('@page{size:letter;margin:15mm;}');
    expect(await flyerHtml(input)).toContain('@page{margin:15mm;}');
  });

  it('shows an https logo, ignores a javascript: one, and uses only a checked accent colour', async () => {
    const logo = await flyerHtml({ pageUrl: PAGE_URL, title: 't', logoUrl: 'https://cdn.example/logo.png?a=1&b=2' });
    expect(logo).toContain('<img class="logo" src="https://cdn.example/logo.png?a=1&amp;b=2" alt="">');
    const hostile = await flyerHtml({
      pageUrl: PAGE_URL,
      title: 't',
      logoUrl: 'javascript:alert(1)',
      accentColor: 'red}*{x:y',
    });
    expect(hostile).not.toContain('javascript:');
    expect(hostile).not.toContain('x:y');
    expect(hostile).toContain('border-top:6mm solid #4f46e5;');
  });
});
