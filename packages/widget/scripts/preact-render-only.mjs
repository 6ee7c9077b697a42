// A rollup plugin for the script-tag dialog: preact without `Component#setState` and
// `#forceUpdate`. The dialog re-renders by calling `render()` with a new tree (dialog/mount.ts)
// and has no stateful components, so nothing calls them; without them preact's render queue
// (enqueueRender and what only it uses) is tree-shaken too, about 0.37 KB gzip. Hooks, compat and
// class components need those methods, so importing them fails the build rather than the page.

const PREACT_MODULE = /[\\/]preact[\\/]dist[\\/]preact\.module\.js$/;
const REMOVED = new Set(['setState', 'forceUpdate']);
const NEEDS_STATE = new Set(['preact/hooks', 'preact/compat', 'preact/debug', 'preact/devtools']);
const STATEFUL_IMPORT = /import\s*{[^}]*\b(Component|createContext)\b[^}]*}\s*from\s*['"]preact['"]/;

/** `X.prototype.setState = …` / `X.prototype.forceUpdate = …` assignments in an ESTree AST. */
function findRemovedMethods(node, found = []) {
  if (!node || typeof node.type !== 'string') return found;
  const target = node.type === 'AssignmentExpression' ? node.left : undefined;
  if (
    target?.type === 'MemberExpression' &&
    REMOVED.has(target.property.name) &&
    target.object.type === 'MemberExpression' &&
    target.object.property.name === 'prototype'
  ) {
    found.push(node);
  }
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object') findRemovedMethods(child, found);
    }
  }
  return found;
}

export const preactRenderOnly = {
  name: 'preact-render-only',
  resolveId(source) {
    if (NEEDS_STATE.has(source))
      this.error(`${source} needs Component#setState, which scripts/preact-render-only.mjs removes.`);
    return null;
  },
  transform(code, id) {
    if (!PREACT_MODULE.test(id)) {
      if (!id.includes('node_modules') && STATEFUL_IMPORT.test(code)) {
        this.error(`stateful preact components need scripts/preact-render-only.mjs removed from the build.`);
      }
      return null;
    }
    const assignments = findRemovedMethods(this.parse(code));
    if (assignments.length !== REMOVED.size) {
      this.error(
        `preact's Component#setState/#forceUpdate not found as expected (${assignments.length}); update this plugin.`,
      );
    }
    // Each assignment becomes `0`, which the minifier drops; positions from the end keep earlier ones valid.
    let result = code;
    for (const { start, end } of assignments.sort((a, b) => b.start - a.start)) {
      result = `${result.slice(0, start)}0${result.slice(end)}`;
    }
    return { code: result, map: null };
  },
};
