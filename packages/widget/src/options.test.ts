// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseUrlOf, readScriptOptions, resolveOptions } from './options.js';
import { themeToCss } from './theme.js';
import type { ThemeTokens } from './types.js';

function script(attributes: Record<string, string>): HTMLScriptElement {
  const element = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('readScriptOptions', () => {
  it('reads the documented data attributes', () => {
    const options = readScriptOptions(
      script({
        'data-inbox-key': 'ibx_1',
        'data-api-key': 'hb_key',
        'data-api-url': 'https://hb.example',
        'data-type': 'nps',
        'data-position': 'top-left',
        'data-prompt': 'How was checkout?',
        'data-container': '#slot',
        'data-context': '{"userId":"u_1","plan":"pro"}',
        'data-labels': '{"submit":"Senden"}',
        'data-debug': '',
      }),
    );
    expect(options).toEqual({
      inboxKey: 'ibx_1',
      apiKey: 'hb_key',
      apiUrl: 'https://hb.example',
      type: 'nps',
      position: 'top-left',
      prompt: 'How was checkout?',
      container: '#slot',
      context: { userId: 'u_1', plan: 'pro' },
      labels: { submit: 'Senden' },
      debug: true,
    });
  });

  it('accepts data-key, and prefers data-api-key', () => {
    expect(readScriptOptions(script({ 'data-key': 'hb_a' })).apiKey).toBe('hb_a');
    expect(readScriptOptions(script({ 'data-key': 'hb_a', 'data-api-key': 'hb_b' })).apiKey).toBe('hb_b');
  });

  it('takes data-theme as a colour scheme or as theme JSON (which may carry colorScheme)', () => {
    expect(readScriptOptions(script({ 'data-theme': 'dark' }))).toEqual({ colorScheme: 'dark' });
    expect(
      readScriptOptions(script({ 'data-theme': '{"colorScheme":"light","colors":{"primary":"#000"},"radius":4}' })),
    ).toEqual({ colorScheme: 'light', theme: { colorScheme: 'light', colors: { primary: '#000' }, radius: 4 } });
    // The colorScheme left among the tokens is no token: the theme's CSS is the same without it.
    expect(themeToCss({ colorScheme: 'light', radius: 4 } as ThemeTokens)).toBe(themeToCss({ radius: 4 }));
    // Theme JSON without one: undefined, which resolveOptions reads as its default.
    const tokensOnly = readScriptOptions(script({ 'data-theme': '{"radius":4}' }));
    expect(tokensOnly).toEqual({ theme: { radius: 4 } });
    expect(resolveOptions({ ...tokensOnly, inboxKey: 'i', apiKey: 'k', apiUrl: 'x' }).colorScheme).toBe('system');
  });

  it('renders data-inline right after the script tag', () => {
    const element = script({ 'data-inline': '' });
    const options = readScriptOptions(element);
    expect(options.container).toBe(element.nextElementSibling);
  });

  it('warns about and ignores bad JSON', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readScriptOptions(script({ 'data-context': '{oops', 'data-theme': '[' }))).toEqual({});
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('turns data-debug="false" off', () => {
    expect(readScriptOptions(script({ 'data-debug': 'false' })).debug).toBeUndefined();
  });

  it('reads data-auto-close as milliseconds, or false', () => {
    expect(readScriptOptions(script({ 'data-auto-close': '8000' })).autoClose).toBe(8000);
    expect(readScriptOptions(script({ 'data-auto-close': 'false' })).autoClose).toBe(false);
    expect(readScriptOptions(script({})).autoClose).toBeUndefined();
  });
});

describe('resolveOptions', () => {
  const base = { inboxKey: 'ibx_1', apiKey: 'hb_key' };

  it('applies defaults', () => {
    expect(resolveOptions(base, 'https://hb.example/')).toMatchObject({
      apiUrl: 'https://hb.example',
      type: 'thumbs',
      position: 'bottom-right',
      colorScheme: 'system',
      context: {},
    });
  });

  it('takes autoClose given or not, false, or milliseconds (the dialog applies its default)', () => {
    for (const autoClose of [undefined, false, 0, 8000] as const) {
      expect(resolveOptions({ ...base, apiUrl: 'x', autoClose }).autoClose).toBe(autoClose);
    }
  });

  it.each([
    [{ apiKey: 'k', apiUrl: 'x' }, 'inboxKey'],
    [{ inboxKey: 'i', apiUrl: 'x' }, 'apiKey'],
    [{ ...base, apiUrl: 'x', type: 'likert' }, 'type'],
    [{ ...base, apiUrl: 'x', position: 'middle' }, 'position'],
    [{ ...base, apiUrl: 'x', colorScheme: 'sepia' }, 'colorScheme'],
    [{ ...base, apiUrl: 'x', autoClose: Number.NaN }, 'autoClose'],
    [{ ...base, apiUrl: 'x', autoClose: -1 }, 'autoClose'],
    [base, 'apiUrl'],
  ])('names the bad option: %j', (options, name) => {
    expect(() => resolveOptions(options as never)).toThrow(
      new TypeError(`Hearback: missing or invalid option "${name}".`),
    );
  });
});

describe('baseUrlOf', () => {
  it('is the directory widget.js was served from', () => {
    expect(baseUrlOf('https://hb.example/widget.js?v=1')).toBe('https://hb.example');
    expect(baseUrlOf('https://example.com/feedback/widget.abc123.js#x')).toBe('https://example.com/feedback');
  });
});
