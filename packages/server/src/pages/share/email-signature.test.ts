import { describe, expect, it } from 'vitest';
import { HOSTILE_INPUT, HOSTILE_TEXT, PAGE_URL } from '../../../test/support/share-artifacts.js';
import { emailSignatureHtml } from './email-signature.js';

describe('emailSignatureHtml', () => {
  it('is a table-cell button linking the page, "Give feedback" by default', () => {
    const html = emailSignatureHtml({ pageUrl: PAGE_URL, title: 'Onboarding' });
    expect(html).toMatch(/^<table role="presentation"/);
    expect(html).toContain(`<a href="${PAGE_URL}" target="_blank" rel="noopener noreferrer" title="Onboarding"`);
    expect(html).toContain('>Give feedback</span></a>');
  });

  it('keeps its look in Outlook: colour as bgcolor on the cell, padding on the cell, only inline styles', () => {
    const html = emailSignatureHtml({ pageUrl: PAGE_URL, title: 'Onboarding', accentColor: '#0f766e' });
    expect(html).toMatch(/<td [^>]*bgcolor="#0f766e" style="background-color:#0f766e;[^"]*padding:10px 20px;/);
    expect(html).not.toMatch(/<style|class=|var\(|display:flex/);
  });

  it('escapes a hostile title and label', () => {
    const html = emailSignatureHtml({ ...HOSTILE_INPUT, buttonLabel: HOSTILE_TEXT });
    expect(html).not.toContain('<script>');
    expect(html).toContain('title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;&#39;&amp;"');
    expect(html).toContain('>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;&#39;&amp;</span>');
  });

  it('uses the default accent for a colour that would inject CSS, and dark text on a light accent', () => {
    expect(emailSignatureHtml({ pageUrl: PAGE_URL, title: 't', accentColor: 'red;}a{color:red' })).toContain(
      'bgcolor="#4f46e5"',
    );
    const light = emailSignatureHtml({ pageUrl: PAGE_URL, title: 't', accentColor: '#fde047' });
    expect(light).toContain('<span style="color:#111827;">');
  });

  it('uses a label given, and the default for a blank one', () => {
    expect(emailSignatureHtml({ pageUrl: PAGE_URL, title: 't', buttonLabel: 'Dites-nous tout' })).toContain(
      '>Dites-nous tout</span>',
    );
    expect(emailSignatureHtml({ pageUrl: PAGE_URL, title: 't', buttonLabel: '  ' })).toContain('>Give feedback</span>');
  });

  it('escapes the ampersands of a query in the link', () => {
    expect(emailSignatureHtml({ pageUrl: `${PAGE_URL}?a=1&b=2`, title: 't' })).toContain(
      `href="${PAGE_URL}?a=1&amp;b=2"`,
    );
  });
});
