import { describe, expect, it } from 'vitest';
import { HOSTILE_INPUT, PAGE_URL } from '../../../test/support/share-artifacts.js';
import { embedUrlOf, IFRAME_DEFAULT_HEIGHT, iframeSnippet } from './iframe-snippet.js';

describe('embedUrlOf', () => {
  it('adds embed=1 and keeps the query the page URL has', () => {
    expect(embedUrlOf(PAGE_URL)).toBe(`${PAGE_URL}?embed=1`);
    expect(embedUrlOf(`${PAGE_URL}?lang=fr`)).toBe(`${PAGE_URL}?lang=fr&embed=1`);
    expect(embedUrlOf(`${PAGE_URL}?embed=0`)).toBe(`${PAGE_URL}?embed=1`);
  });
});

describe('iframeSnippet', () => {
  it('is an accessible, lazy, full-width iframe of the embed URL at a fixed height', () => {
    const [iframe] = iframeSnippet({ pageUrl: PAGE_URL, title: 'Onboarding' }).split('\n');
    expect(iframe).toBe(
      `<iframe src="${PAGE_URL}?embed=1" title="Onboarding" loading="lazy" width="100%" height="${IFRAME_DEFAULT_HEIGHT}" style="border:0;width:100%;max-width:100%;"></iframe>`,
    );
  });

  it('resizes only on height messages from its own frame and the page origin', () => {
    const script = iframeSnippet({ pageUrl: PAGE_URL, title: 't' }).split('\n').at(-1);
    expect(script).toMatch(/^<script>.*<\/script>$/);
    expect(script).toContain('event.source===frame.contentWindow');
    expect(script).toContain('event.origin==="https://feedback.example"');
    expect(script).toContain('data.type==="hearback:height"');
    expect(script).toContain('document.currentScript.previousElementSibling');
  });

  it("escapes a hostile title: only the snippet's own script element is in it", () => {
    const snippet = iframeSnippet(HOSTILE_INPUT);
    expect(snippet.match(/<script/g)).toHaveLength(1);
    expect(snippet).toContain('title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;&#39;&amp;"');
  });

  it('escapes the query of the page URL in the src attribute', () => {
    expect(iframeSnippet({ pageUrl: `${PAGE_URL}?a=1&b="2"`, title: 't' })).toContain(
      `src="${PAGE_URL}?a=1&amp;b=%222%22&amp;embed=1"`,
    );
  });
});
