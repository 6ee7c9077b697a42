/**
 * Styles of the shadow host and the launcher button (the first, tiny stage): only the tokens the
 * launcher uses. The dialog's sheet adds the neutral tokens and their dark values; theme CSS,
 * appended last, overrides both.
 */
export const LAUNCHER_CSS =
  ':host{--p:#4f46e5;--op:#fff;--fc:#6366f1;--r:16px;--sp:4px;--fs:14px;' +
  '--f:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;--sh:0 16px 40px #0f0f1e2e,0 2px 8px #0f0f1e14;' +
  '--z:2147483000;color-scheme:light}:host([data-dark]){--sh:0 16px 40px #0008;color-scheme:dark}' +
  // .r holds the dialog and the launcher in a corner: a column, the launcher nearest the edge.
  '.r{all:initial;position:fixed;z-index:var(--z);bottom:20px;right:20px;display:flex;flex-direction:column-reverse;' +
  'align-items:flex-end;gap:14px;font:var(--fs)/1.45 var(--f)}' +
  ':host([data-pos^=top]) .r{top:20px;bottom:auto;flex-direction:column}:host([data-pos$=left]) .r{left:20px;right:auto;align-items:flex-start}' +
  ':host([data-inline]){display:block}:host([data-inline]) .r{position:static;display:block}' +
  '.l{all:initial;display:flex;align-items:center;gap:8px;' +
  'height:46px;padding:0 18px 0 15px;border-radius:99px;background:var(--p);color:var(--op);' +
  'font:600 var(--fs)/1 var(--f);box-shadow:var(--sh);cursor:pointer;transition:transform .15s}' +
  '.l:hover{transform:translateY(-2px)}.l:focus-visible{outline:3px solid var(--fc);outline-offset:3px}' +
  // The speech-bubble icon, drawn in CSS: no SVG to build in the first stage.
  '.l:before{content:"";width:14px;height:11px;border:2px solid;border-radius:8px 8px 8px 2px}' +
  // The notice while the dialog loads or cannot: system colours follow the host's color-scheme.
  '.m{max-width:280px;padding:12px 16px;border-radius:var(--r);background:Canvas;color:CanvasText;box-shadow:var(--sh)}';
