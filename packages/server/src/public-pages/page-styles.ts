import { DEFAULT_PAGE_COLORS, PAGE_COLOR_TOKENS, type PageColorToken, STAR_COLOR } from '@hearback/forms';
import { hexColorOf, textColorOn } from '@hearback/spec';
import type { PageTheme } from '../domain/feedback-page.js';

/** Theme token → the custom property of PAGE_CSS it sets (`onPrimary` → `--hb-on-primary`). */
const COLOR_PROPERTIES = Object.fromEntries(
  PAGE_COLOR_TOKENS.map((token) => [token, `--hb-${token.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`]),
) as Record<PageColorToken, string>;

/** The custom properties of the default colours of a scheme (one source: `DEFAULT_PAGE_COLORS`). */
const defaultColors = (scheme: 'light' | 'dark') =>
  PAGE_COLOR_TOKENS.map((token) => `${COLOR_PROPERTIES[token]}:${DEFAULT_PAGE_COLORS[scheme][token]}`).join(';');

/**
 * The public page's stylesheet, served as a file (`style-src 'self'`): mobile first, logical
 * properties only (so right-to-left text lays out mirrored), light by default, dark when the page
 * or the system asks. Colours and sizes come from custom properties a page's theme overrides.
 */
export const PAGE_CSS = `
:root{${defaultColors('light')};--hb-radius:10px;--hb-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--hb-font-size:16px;--hb-spacing:16px;color-scheme:light}
:root[data-scheme=dark]{${defaultColors('dark')};color-scheme:dark}
@media (prefers-color-scheme:dark){:root[data-scheme=system]{${defaultColors('dark')};color-scheme:dark}}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--hb-background);color:var(--hb-text);font:var(--hb-font-size)/1.5 var(--hb-font)}
.embed body,body.embed{background:transparent}
main{max-inline-size:40rem;margin-inline:auto;padding:var(--hb-spacing)}
.card{background:var(--hb-surface);border:1px solid var(--hb-border);border-radius:var(--hb-radius);padding:calc(var(--hb-spacing)*1.25)}
.embed .card{border:0;padding:0;background:transparent}
.logo{display:block;max-block-size:48px;max-inline-size:200px;margin-block-end:var(--hb-spacing)}
h1{font-size:1.6em;line-height:1.25;margin-block:0 .5em}
h2{font-size:1.25em;margin-block:1.2em .4em}
.question{margin:0 0 calc(var(--hb-spacing)*1.5);padding:0;border:0;min-inline-size:0}
legend,.title{display:block;font-weight:600;margin-block-end:.35em;padding:0}
.description,.hint{color:var(--hb-muted);font-size:.95em;margin-block:0 .5em}
.description p{margin-block:0 .4em}
.required{color:var(--hb-error)}
.error{color:var(--hb-error);font-weight:600;margin-block:.25em .5em}
.error::before{content:"⚠ "}
input[type=text],input[type=email],input[type=tel],input[type=number],input[type=date],textarea,select{display:block;inline-size:100%;font:inherit;color:inherit;background:var(--hb-surface);border:1px solid var(--hb-border);border-radius:calc(var(--hb-radius)*.6);padding:.6em .7em;min-block-size:44px}
textarea{resize:vertical}
[aria-invalid=true] input:not([type=radio]):not([type=checkbox]),input[aria-invalid=true],textarea[aria-invalid=true],select[aria-invalid=true]{border-color:var(--hb-error);border-width:2px}
fieldset[aria-invalid=true]{border-inline-start:3px solid var(--hb-error);padding-inline-start:.75em}
:focus-visible{outline:3px solid var(--hb-focus);outline-offset:2px}
h1[tabindex="-1"]:focus{outline:none}
.choices{display:flex;flex-wrap:wrap;gap:.5em}
.single-choice .choices,.multiple-choice .choices{flex-direction:column}
.choice{display:flex;align-items:center;gap:.5em;min-block-size:44px;padding-inline:.6em;border:1px solid var(--hb-border);border-radius:calc(var(--hb-radius)*.6);cursor:pointer}
.choice input{inline-size:1.2em;block-size:1.2em;margin:0;accent-color:var(--hb-primary)}
.choice:has(input:checked){border-color:var(--hb-primary);box-shadow:inset 0 0 0 1px var(--hb-primary)}
.rating .choice{min-inline-size:44px;justify-content:center}
.star-rating .choice span[dir]{color:${STAR_COLOR};font-size:1.3em}
.emoji-rating .choice span[dir]{font-size:1.4em}
.nps .choices{gap:.35em}
.rank{display:flex;align-items:center;gap:.6em;margin-block:.4em}
.rank select{inline-size:auto;min-inline-size:4.5em}
.contact{margin-block-start:var(--hb-spacing)}
button{font:inherit;font-weight:600;color:var(--hb-on-primary);background:var(--hb-primary);border:0;border-radius:calc(var(--hb-radius)*.6);padding:.75em 1.5em;min-block-size:44px;cursor:pointer;inline-size:100%}
button[disabled]{opacity:.6;cursor:progress}
@media (min-width:40rem){button{inline-size:auto}main{padding-block:calc(var(--hb-spacing)*2)}}
.error-summary{border:2px solid var(--hb-error);border-radius:var(--hb-radius);padding:var(--hb-spacing);margin-block-end:var(--hb-spacing)}
.error-summary h2{margin-block-start:0;color:var(--hb-error)}
.error-summary a{color:var(--hb-error)}
.progress{margin-block-end:var(--hb-spacing);color:var(--hb-muted)}
.progress progress{inline-size:100%;accent-color:var(--hb-primary)}
.captcha{color:var(--hb-muted);font-size:.95em;margin-block:var(--hb-spacing);min-block-size:1.5em}
.notice{border-inline-start:4px solid var(--hb-primary);padding-inline-start:.75em;color:var(--hb-muted)}
footer{text-align:center;color:var(--hb-muted);font-size:.85em;padding:var(--hb-spacing)}
a{color:var(--hb-primary)}
.visually-hidden{position:absolute!important;inline-size:1px;block-size:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
[hidden]{display:none!important}
`
  .trim()
  .replace(/\n/g, '');

const OTHER_PROPERTIES: Record<string, string> = {
  radius: '--hb-radius',
  font: '--hb-font',
  fontSize: '--hb-font-size',
  spacing: '--hb-spacing',
};

/**
 * Declarations for the tokens given. Numbers are pixels; text loses any character that could end
 * a declaration or the `<style>` element (the write schema refuses them already: this holds for
 * rows written before it did).
 */
function declarations(tokens: Record<string, unknown> | undefined, properties: Record<string, string>): string {
  let css = '';
  for (const [token, property] of Object.entries(properties)) {
    const value = tokens?.[token];
    const text =
      typeof value === 'number' && Number.isFinite(value)
        ? `${value}px`
        : typeof value === 'string'
          ? value.replace(/[;{}<>\\\n\r]/g, '').trim()
          : '';
    if (text !== '') css += `${property}:${text};`;
  }
  return css;
}

type PageColors = NonNullable<PageTheme['colors']>;

/**
 * A scheme's colours with a readable label on the primary colour: a theme that sets a hex `primary`
 * but no `onPrimary` gets white or near-black, whichever contrasts more, not the default label
 * colour, which was made for the default primary (white on `#ff5500` is 3.2:1, under WCAG's 4.5).
 */
function withReadableLabel(colors: PageColors | undefined): PageColors | undefined {
  const primary = hexColorOf(colors?.primary);
  if (!colors || primary === undefined || colors.onPrimary !== undefined) return colors;
  return { ...colors, onPrimary: textColorOn(primary) };
}

/**
 * The page's theme as CSS over PAGE_CSS's defaults: light tokens on `:root`, dark colours where
 * the page is dark (always, or when the system is). Empty for a page without a theme.
 *
 * @example
 * themeCss({ colors: { primary: '#7c3aed' }, radius: 4 }); // ':root{--hb-primary:#7c3aed;--hb-radius:4px;}'
 */
export function themeCss(theme: PageTheme | undefined): string {
  const light =
    declarations(withReadableLabel(theme?.colors), COLOR_PROPERTIES) + declarations(theme as never, OTHER_PROPERTIES);
  const dark = declarations(withReadableLabel(theme?.dark?.colors), COLOR_PROPERTIES);
  return (
    (light && `:root{${light}}`) +
    (dark && `:root[data-scheme=dark]{${dark}}@media (prefers-color-scheme:dark){:root[data-scheme=system]{${dark}}}`)
  );
}
