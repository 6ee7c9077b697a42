/**
 * Styles of the shadow host and the launcher button (the first, tiny stage): only the tokens the
 * launcher uses. The dialog's sheet adds the neutral tokens and their dark values; theme CSS,
 * appended last, overrides both.
 */
export const LAUNCHER_CSS =
  ':host{--hb-primary:#4f46e5;--hb-on-primary:#fff;--hb-focus:#6366f1;--hb-radius:16px;--hb-space:4px;--hb-font-size:14px;' +
  '--hb-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--hb-shadow:0 16px 40px #0f0f1e2e,0 2px 8px #0f0f1e14;' +
  '--hb-z:2147483000;color-scheme:light}:host([data-dark]){--hb-shadow:0 16px 40px #0008;color-scheme:dark}' +
  // .r holds the dialog and the launcher in a corner: a column, the launcher nearest the edge.
  '.r{all:initial;position:fixed;z-index:var(--hb-z);bottom:20px;right:20px;display:flex;flex-direction:column-reverse;' +
  'align-items:flex-end;gap:14px;font:var(--hb-font-size)/1.45 var(--hb-font)}' +
  ':host([data-pos^=top]) .r{top:20px;bottom:auto;flex-direction:column}:host([data-pos$=left]) .r{left:20px;right:auto;align-items:flex-start}' +
  ':host([data-inline]){display:block}:host([data-inline]) .r{position:static;display:block}' +
  '.l{all:initial;display:flex;align-items:center;gap:8px;' +
  'height:46px;padding:0 18px 0 15px;border-radius:99px;background:var(--hb-primary);color:var(--hb-on-primary);' +
  'font:600 var(--hb-font-size)/1 var(--hb-font);box-shadow:var(--hb-shadow);cursor:pointer;transition:transform .15s}' +
  '.l:hover{transform:translateY(-2px)}.l:focus-visible{outline:3px solid var(--hb-focus);outline-offset:3px}' +
  // The speech-bubble icon, drawn in CSS: no SVG to build in the first stage.
  '.l:before{content:"";width:14px;height:11px;border:2px solid;border-radius:8px 8px 8px 2px}' +
  'svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}';
