/**
 * Styles of the shadow host and the launcher button (the first, tiny stage): only the tokens the
 * launcher uses. The dialog's sheet adds the neutral tokens and their dark values; theme CSS,
 * appended last, overrides both.
 */
export const LAUNCHER_CSS =
  ':host{--p:#4f46e5;--op:#fff;--fc:#6366f1;--r:16px;--fs:14px;' +
  '--f:system-ui,sans-serif;--sh:0 16px 40px #0f0f1e2e,0 2px 8px #0f0f1e14;' +
  '--z:2147483000;color-scheme:light}:host([data-dark]){--sh:0 16px 40px #0008;--fc:#818cf8;color-scheme:dark}' +
  // .r holds the dialog and the launcher in a corner: a column, the launcher nearest the edge.
  // Each child keeps to its side with a physical auto margin, not `align-items`, which follows the
  // page's direction: in a right-to-left page the launcher would jump when the dialog widens .r.
  '.r{all:initial;position:fixed;z-index:var(--z);bottom:20px;right:20px;display:flex;flex-direction:column-reverse;' +
  'gap:14px;font:var(--fs)/1.45 var(--f)}' +
  ':host([data-pos^=top]) .r{top:20px;bottom:auto;flex-direction:column}' +
  ':host([data-pos$=left]) .r{left:20px;right:auto}:host([data-pos$=left]) .r>*{margin:0 auto 0 0}' +
  ':host([data-inline]){display:block}:host([data-inline]) .r{position:static;display:block}' +
  '.l{all:initial;display:flex;align-items:center;gap:8px;' +
  'height:46px;padding:0 18px 0 14px;border-radius:99px;background:var(--p);color:var(--op);' +
  'font:600 var(--fs)/1 var(--f);box-shadow:var(--sh);cursor:pointer}.r>*{margin-left:auto}' +
  '.l:focus-visible{outline:3px solid var(--fc);outline-offset:3px}' +
  '.l svg{width:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round}' +
  // Hover brightens rather than lifts: no motion to hold back under prefers-reduced-motion.
  '.l:hover{filter:brightness(1.1)}' +
  // The notice while the dialog loads or cannot: system colours follow the host's color-scheme.
  '.m{max-width:280px;padding:12px 16px;border-radius:var(--r);background:Canvas;color:CanvasText;box-shadow:var(--sh)}';
