/**
 * The dialog's styles, added to the shadow root when the dialog mounts (second stage), before
 * the launcher's sheet so theme CSS still wins. It brings the neutral tokens (light and dark); the
 * launcher's sheet has the brand tokens. Custom properties carry the
 * tokens' short names (theme.ts); `--g` (gap) and `--c` (control radius) derive from `--sp` and `--r`.
 */
export const DIALOG_CSS =
  ':host{--bg:#fff;--sf:#f4f4f5;--tx:#18181b;--mu:#71717a;--bd:#e4e4e7;--er:#dc2626;' +
  '--ok:#16a34a}:host([data-dark]){--bg:#1c1c21;--sf:#29292f;--tx:#f4f4f5;--mu:#a1a1aa;' +
  '--bd:#3a3a42;--er:#f87171;--ok:#4ade80}' +
  '.d{--g:calc(var(--sp)*4);--c:calc(var(--r)*.6);' +
  'width:min(360px,100vw - 40px);max-height:calc(100vh - 110px);overflow:auto;padding:calc(var(--sp)*5);' +
  'background:var(--bg);color:var(--tx);border:1px solid var(--bd);border-radius:var(--r);box-shadow:var(--sh)}' +
  '.i{width:auto;max-width:440px;box-shadow:none}' +
  '.d,.d *{box-sizing:border-box}.d *{font:inherit;color:inherit}' +
  '.h,.o,.e2{display:flex;justify-content:space-between;gap:6px}.t{margin:0;font-size:1.1em;font-weight:600}' +
  '.x{display:grid;place-items:center;width:30px;height:30px;margin:-4px -6px 0 0;border:0;border-radius:8px;' +
  'background:none;color:var(--mu)}.x:hover{background:var(--sf)}' +
  '.o,.f,.s{margin-top:var(--g)}' +
  '.c{flex:1;display:flex;align-items:center;justify-content:center;gap:8px;min-width:0;height:40px;padding:0;' +
  'border:1px solid var(--bd);border-radius:var(--c);background:var(--sf)}' +
  '.c:hover{border-color:var(--p)}[aria-pressed=true]{background:var(--p);color:var(--op)}' +
  'button:focus-visible{outline:2px solid var(--fc);outline-offset:2px}' +
  '.o-thumbs .c,.o-stars .c,.o-emoji .c{height:48px}.dn{transform:scaleY(-1)}.o-nps{gap:3px}' +
  'svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}' +
  '.o-stars svg{width:26px;height:26px;fill:currentColor}.o-emoji svg{width:28px;height:28px}' +
  // Stars up to the picked one, or while hovering, up to the hovered one.
  '.o-stars .c:is(:has(~[aria-pressed=true]),:has(~:hover),:hover,[aria-pressed=true]){background:var(--sf);color:#f5a524}' +
  '.o-stars .c,.o-stars:hover .c:not(:has(~:hover),:hover){color:var(--mu)}' +
  '.e2{margin-top:6px;color:var(--mu);font-size:.86em}.f{display:block}.f span{display:block;margin-bottom:6px}' +
  'textarea{display:block;width:100%;min-height:84px;resize:vertical;padding:10px 12px;border:1px solid var(--bd);' +
  'border-radius:var(--c);background:var(--bg);outline:0}textarea:focus{border-color:var(--fc)}' +
  '.s{width:100%;height:42px;border:0;border-radius:var(--c);background:var(--p);' +
  'color:var(--op);font-weight:600}.s:hover{filter:brightness(1.1)}.s:disabled{opacity:.65}' +
  '.e{margin:12px 0 0;color:var(--er)}.ok{display:flex;align-items:center;gap:12px;margin:var(--g) 0 0;' +
  'color:var(--mu);outline:0}.ok svg{flex:none;width:36px;height:36px;color:var(--ok)}' +
  '.q svg{color:var(--p)}.w svg{color:var(--er)}' +
  'button{cursor:pointer}';
