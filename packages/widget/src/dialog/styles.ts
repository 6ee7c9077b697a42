/**
 * The dialog's styles, added to the shadow root when the dialog mounts (second stage), before
 * the launcher's sheet so theme CSS still wins. It brings the neutral tokens (light and dark); the
 * launcher's sheet has the brand tokens and the shared `svg` rule. `--g` (gap) and `--c`
 * (control radius) derive from the spacing and radius tokens.
 */
export const DIALOG_CSS =
  ':host{--hb-bg:#fff;--hb-surface:#f4f4f5;--hb-text:#18181b;--hb-muted:#71717a;--hb-border:#e4e4e7;--hb-error:#dc2626;' +
  '--hb-success:#16a34a}:host([data-dark]){--hb-bg:#1c1c21;--hb-surface:#29292f;--hb-text:#f4f4f5;--hb-muted:#a1a1aa;' +
  '--hb-border:#3a3a42;--hb-error:#f87171;--hb-success:#4ade80}' +
  '.d{--g:calc(var(--hb-space)*4);--c:calc(var(--hb-radius)*.6);' +
  'width:min(360px,100vw - 40px);max-height:calc(100vh - 110px);overflow:auto;padding:calc(var(--hb-space)*5);' +
  'background:var(--hb-bg);color:var(--hb-text);border:1px solid var(--hb-border);border-radius:var(--hb-radius);box-shadow:var(--hb-shadow)}' +
  '.i{width:auto;max-width:440px;box-shadow:none}' +
  '.d,.d *{box-sizing:border-box}.d *{font:inherit;color:inherit}' +
  '.h,.o,.e2{display:flex;justify-content:space-between;gap:6px}.t{margin:0;font-size:1.1em;font-weight:600}' +
  '.x{display:grid;place-items:center;width:30px;height:30px;margin:-4px -6px 0 0;border:0;border-radius:8px;' +
  'background:none;color:var(--hb-muted)}.x:hover{background:var(--hb-surface)}' +
  '.o,.f,.s{margin-top:var(--g)}' +
  '.c{flex:1;display:flex;align-items:center;justify-content:center;gap:8px;min-width:0;height:40px;padding:0;' +
  'border:1px solid var(--hb-border);border-radius:var(--c);background:var(--hb-surface)}' +
  '.c:hover{border-color:var(--hb-primary)}[aria-pressed=true]{background:var(--hb-primary);color:var(--hb-on-primary)}' +
  'button:focus-visible{outline:2px solid var(--hb-focus);outline-offset:2px}' +
  '.o-thumbs .c,.o-stars .c,.o-emoji .c{height:48px}.dn{transform:scaleY(-1)}.o-nps{gap:3px}' +
  '.o-stars svg{width:26px;height:26px;fill:currentColor}.o-emoji svg{width:28px;height:28px}' +
  // Stars up to the picked one, or while hovering, up to the hovered one.
  '.o-stars .c:is(:has(~[aria-pressed=true]),:has(~:hover),:hover,[aria-pressed=true]){background:var(--hb-surface);color:#f5a524}' +
  '.o-stars .c,.o-stars:hover .c:not(:has(~:hover),:hover){color:var(--hb-muted)}' +
  '.e2{margin-top:6px;color:var(--hb-muted);font-size:.86em}.f{display:block}.f span{display:block;margin-bottom:6px}' +
  'textarea{display:block;width:100%;min-height:84px;resize:vertical;padding:10px 12px;border:1px solid var(--hb-border);' +
  'border-radius:var(--c);background:var(--hb-bg);outline:0}textarea:focus{border-color:var(--hb-focus)}' +
  '.s{width:100%;height:42px;border:0;border-radius:var(--c);background:var(--hb-primary);' +
  'color:var(--hb-on-primary);font-weight:600}.s:hover{filter:brightness(1.1)}.s:disabled{opacity:.65}' +
  '.e{margin:12px 0 0;color:var(--hb-error)}.ok{display:flex;align-items:center;gap:12px;margin:var(--g) 0 0;' +
  'color:var(--hb-muted);outline:0}.ok svg{flex:none;width:36px;height:36px;color:var(--hb-success)}' +
  '.q svg{color:var(--hb-primary)}.w svg{color:var(--hb-error)}' +
  'button{cursor:pointer}';
