// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addShadowStyles } from './shadow-styles.js';

const shadowRoot = () => document.createElement('div').attachShadow({ mode: 'open' });
const cssOf = (sheet: CSSStyleSheet) => Array.from(sheet.cssRules, (rule) => rule.cssText).join('');

afterEach(() => vi.unstubAllGlobals());

describe('addShadowStyles', () => {
  it('adopts constructed stylesheets, the later first, so no <style> element needs a CSP nonce', () => {
    const root = shadowRoot();
    const removeLauncher = addShadowStyles(root, '.l { color: red; }', 'n0nce');
    addShadowStyles(root, '.d { color: blue; }', 'n0nce');
    expect(root.querySelector('style')).toBeNull();
    expect(root.adoptedStyleSheets.map(cssOf)).toEqual([expect.stringContaining('.d'), expect.stringContaining('.l')]);
    removeLauncher();
    expect(root.adoptedStyleSheets.map(cssOf)).toEqual([expect.stringContaining('.d')]);
  });

  it('falls back to a <style> with the nonce where constructed stylesheets are missing', () => {
    const root = shadowRoot();
    root.append(document.createElement('div'));
    // A browser without replaceSync (Safari before 16.4, old Firefox).
    vi.stubGlobal('CSSStyleSheet', class {});
    const remove = addShadowStyles(root, '.d{color:blue}', 'n0nce');
    const style = root.firstElementChild as HTMLStyleElement;
    expect(style.tagName).toBe('STYLE');
    expect(style.nonce).toBe('n0nce');
    expect(style.textContent).toBe('.d{color:blue}');
    remove();
    expect(root.querySelector('style')).toBeNull();
  });
});
