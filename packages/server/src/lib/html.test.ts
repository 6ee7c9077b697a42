import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute value', () => {
    expect(escapeHtml(`<script>"'&`)).toBe('&lt;script&gt;&quot;&#39;&amp;');
  });

  it('leaves other text, including non-ASCII, as it is', () => {
    expect(escapeHtml('Ça va ? 👍 a/b=c')).toBe('Ça va ? 👍 a/b=c');
  });
});
