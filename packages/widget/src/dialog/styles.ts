/**
 * The dialog's styles, added to the shadow root when the dialog mounts (second stage), before
 * the launcher's sheet so theme CSS still wins. It brings the neutral tokens (light and dark); the
 * launcher's sheet has the brand tokens. Custom properties carry the
 * tokens' short names (theme.ts); `--g` (gap) and `--c` (control radius) derive from `--sp` and `--r`.
 *
 * Contrast: `--bd` (control edges), `--mu`, the star colour `--st`, the emoji colours and the
 * outcome icons (`--ok`, `--mu`, `--er`) are at least 3:1 against `--bg` in both schemes (WCAG
 * 1.4.11); the dialog's own edge is the softer `--sf`.
 */
export const DIALOG_CSS =
  ':host{--sp:4px;--bg:#fff;--sf:#f4f4f5;--tx:#18181b;--mu:#71717a;--bd:#8a8a93;--er:#dc2626;--ok:#16a34a;--st:#d97706}' +
  ':host([data-dark]){--bg:#1c1c21;--sf:#29292f;--tx:#f4f4f5;--mu:#a1a1aa;--bd:#70707a;--er:#f87171;--ok:#4ade80;--st:#fbbf24}' +
  // A column: header, a body that scrolls, and the button, which stays in view on a short screen.
  // The floating dialog leaves room for the launcher under it (20 + 46 + 14 + 20 px). Icons
  // inherit their stroke from here.
  '.d{--g:calc(var(--sp)*4);--c:calc(var(--r)*.6);width:min(360px,100vw - 40px);max-height:calc(100dvh - 100px);' +
  'padding:calc(var(--sp)*5);background:var(--bg);color:var(--tx);border:1px solid var(--sf);border-radius:var(--r);' +
  'box-shadow:var(--sh);animation:hi .2s ease-out both;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}' +
  '.d,.b{display:flex;flex-direction:column;gap:var(--g)}.b{min-height:0;overflow:auto;margin:-4px;padding:4px;container-type:inline-size}' +
  '.i{width:auto;max-width:440px;max-height:none;box-shadow:none;animation:none}' +
  // `both`: the entrance stays in effect, so closing can play it backwards (mount.ts).
  '@keyframes hi{from{opacity:0;transform:translateY(8px)}}' +
  '@media (prefers-reduced-motion:reduce){.d{animation:none}}' +
  '.d,.d *{box-sizing:border-box}.d *{font:inherit;color:inherit}' +
  '.h,.o,.e2{display:flex;justify-content:space-between;gap:6px}.t{margin:0;font-size:1.1em;font-weight:600}' +
  '.x{display:grid;place-items:center;width:30px;height:30px;margin:-4px -6px 0 0;border:0;border-radius:8px;' +
  'background:none;color:var(--mu)}.x:hover{background:var(--sf)}' +
  '.c{flex:1;display:flex;align-items:center;justify-content:center;gap:8px;min-width:0;height:44px;padding:0;' +
  'border:1px solid var(--bd);border-radius:var(--c);background:var(--sf)}' +
  // Faces from red to green, so a frown and a smile differ at a glance.
  '.o-emoji .c:nth-child(1){color:#dc2626}.o-emoji .c:nth-child(2){color:#ea580c}.o-emoji .c:nth-child(3){color:#b7791f}' +
  '.o-emoji .c:nth-child(4){color:#65a30d}.o-emoji .c:nth-child(5){color:#16a34a}' +
  '.c:hover{border-color:var(--p)}.o .c[aria-checked=true]{background:var(--p);border-color:var(--p);color:var(--op)}' +
  ':is(button,textarea):focus-visible{outline:2px solid var(--fc);outline-offset:2px}' +
  '.dn{transform:scaleY(-1)}.o-nps{gap:4px}' +
  // Below 300 px, 0–5 and 6–10 on two rows keep every NPS button at least 24 px wide.
  '@container (max-width:300px){.o-nps{display:grid;grid-template-columns:repeat(6,1fr)}}' +
  'svg{width:20px}.o-emoji svg{width:28px}' +
  // Bare star outlines that fill up to the picked one or, while hovering, up to the hovered one.
  '.o-stars .c{border:0;background:none;color:var(--mu)}.o-stars svg{width:30px}' +
  '.o-stars .c:is(:has(~[aria-checked=true]),:has(~:hover),:hover,[aria-checked=true]){background:none;color:var(--st);fill:var(--st)}' +
  '.o-stars:hover .c:not(:has(~:hover),:hover){color:var(--mu);fill:none}' +
  '.e2{margin-top:6px;color:var(--mu);font-size:.86em}' +
  '.f span{display:block;margin-bottom:6px}' +
  // 16 px at least: smaller text makes iOS zoom the page when the box takes focus.
  '.d textarea{display:block;width:100%;min-height:84px;resize:vertical;padding:10px 12px;border:1px solid var(--bd);' +
  'border-radius:var(--c);background:var(--bg);font-size:max(16px,1em)}.d [aria-invalid=true]{border-color:var(--er)}' +
  '.s{flex:none;height:44px;border:0;border-radius:var(--c);background:var(--p);' +
  'color:var(--op);font-weight:600}.s:hover{filter:brightness(1.1)}.s:is(:disabled,[aria-disabled]){opacity:.5}' +
  '.e{margin:0;color:var(--er)}.ok{display:flex;align-items:center;gap:12px;margin:0;' +
  'color:var(--mu);outline:0}.ok svg{flex:none;width:36px;color:var(--ok)}' +
  // Saved for later: the muted token, 3:1 in both schemes; the default primary is 2.7:1 on the dark background.
  '.q svg{color:var(--mu)}.w svg{color:var(--er)}' +
  'button{cursor:pointer}';
