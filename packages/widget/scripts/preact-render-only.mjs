// A rollup plugin for the script-tag dialog: preact without `Component#setState` and
// `#forceUpdate`. The dialog re-renders by calling `render()` with a new tree (dialog/mount.ts)
// and has no stateful components, so nothing calls them; without them preact's render queue
// (enqueueRender and what only it uses) is tree-shaken too, about 0.37 KB gzip. Hooks, compat and
// class components need those methods, so importing them fails the build rather than the page.
//
// For the same reason the only components preact ever diffs are its own Fragments (the render
// root and arrays of children): no class component, no context, no error boundary. So diff()'s
// class-component test becomes `false`, its context lookup `undefined`, and the error hook that
// looks for error boundaries simply rethrows; the minifier drops the lifecycle code they guarded,
// about 0.29 KB gzip.
//
// And no element of the dialog has a `style` prop (its looks come from the constructed sheet), so
// setProperty()'s style branch goes, with the unit table it needs: about 0.17 KB gzip; no component
// has defaultProps, and no SVG element an `xlink:` or `className` prop (the icons write `class`), so
// createElement()'s defaultProps loop and the SVG attribute renames go too (about 0.06 KB). Such a
// prop in the dialog's source fails the build.

const PREACT_MODULE = /[\\/]preact[\\/]dist[\\/]preact\.module\.js$/;
const REMOVED = new Set(['setState', 'forceUpdate']);
const NEEDS_STATE = new Set(['preact/hooks', 'preact/compat', 'preact/debug', 'preact/devtools']);
const STATEFUL_IMPORT = /import\s*{[^}]*\b(Component|createContext)\b[^}]*}\s*from\s*['"]preact['"]/;
const REMOVED_PROPS = /\b(style|className|xlink\w*)=|defaultProps/;

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

const CLASS_ONLY_METHODS = new Set([
  'getChildContext',
  'shouldComponentUpdate',
  'componentWillUpdate',
  'componentWillUnmount',
]);

/**
 * The spans to replace in preact's module for a tree without class components, contexts or error
 * boundaries: `T.prototype && T.prototype.render` (is it a class?), the read of `T.contextType`,
 * the function of `options._catchError` (`__e` in the dist), each found exactly once, and the
 * reads of class-only lifecycle methods (found at least once), setProperty()'s `style` branch
 * (up to its `else`), createElement()'s defaultProps test and the SVG renames.
 */
function findComponentOnlyCode(
  node,
  found = {
    isClass: [],
    contextType: [],
    catchError: [],
    lifecycle: [],
    styleProp: [],
    defaultProps: [],
    svgRenames: [],
  },
) {
  if (!node || typeof node.type !== 'string') return found;
  const isMember = (expression, name) =>
    expression?.type === 'MemberExpression' && !expression.computed && expression.property.name === name;
  // Assignment targets stay; the reads that test for these class-only methods become `undefined`.
  if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') node.left.skip = true;
  if (node.type === 'MemberExpression' && !node.skip && CLASS_ONLY_METHODS.has(node.property.name)) {
    found.lifecycle.push({ node, replacement: 'void 0' });
  }
  if (node.type === 'LogicalExpression' && isMember(node.left, 'prototype') && isMember(node.right, 'render')) {
    found.isClass.push({ node, replacement: '!1' });
  }
  if (node.type === 'AssignmentExpression' && isMember(node.right, 'contextType')) {
    found.contextType.push({ node: node.right, replacement: 'void 0' });
  }
  // `if ("style" == name) … else <the rest>` in setProperty: all before the rest goes.
  if (node.type === 'IfStatement' && node.test.type === 'BinaryExpression' && node.test.left.value === 'style') {
    found.styleProp.push({ node: { start: node.start, end: node.alternate.start }, replacement: '' });
  }
  // createElement's `typeof type == "function" && type.defaultProps != null`.
  if (
    node.type === 'LogicalExpression' &&
    [node.right.left, node.right.right].some((side) => isMember(side, 'defaultProps'))
  ) {
    found.defaultProps.push({ node, replacement: '!1' });
  }
  // In SVG, `name = name.replace(/xlink(H|:h)/, "h").replace(/sName$/, "s")`.
  if (node.type === 'AssignmentExpression' && /xlink/.test(node.right.callee?.object?.arguments?.[0]?.regex?.pattern)) {
    found.svgRenames.push({ node, replacement: '0' });
  }
  if (node.type === 'Property' && node.key.name === '__e' && node.value.type === 'FunctionExpression') {
    const [error] = node.value.params;
    found.catchError.push({ node: node.value, replacement: `function(${error.name}){throw ${error.name}}` });
  }
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object') findComponentOnlyCode(child, found);
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
      if (!id.includes('node_modules') && id.endsWith('.tsx') && REMOVED_PROPS.test(code)) {
        this.error(
          `${id}: ${code.match(REMOVED_PROPS)[0]} needs preact code that scripts/preact-render-only.mjs removes.`,
        );
      }
      return null;
    }
    const ast = this.parse(code);
    const assignments = findRemovedMethods(ast);
    if (assignments.length !== REMOVED.size) {
      this.error(
        `preact's Component#setState/#forceUpdate not found as expected (${assignments.length}); update this plugin.`,
      );
    }
    const componentOnly = findComponentOnlyCode(ast);
    for (const [name, spans] of Object.entries(componentOnly)) {
      const expected = { lifecycle: CLASS_ONLY_METHODS.size, defaultProps: 1 }[name];
      if (expected ? spans.length < expected : spans.length !== 1)
        this.error(`preact's ${name} code not found as expected (${spans.length}); update this plugin.`);
    }
    // Each assignment becomes `0`, which the minifier drops; positions from the end keep earlier ones valid.
    const replacements = [
      ...assignments.map((node) => ({ node, replacement: '0' })),
      ...Object.values(componentOnly).flat(),
    ];
    let result = code;
    for (const { node, replacement } of replacements.sort((a, b) => b.node.start - a.node.start)) {
      result = `${result.slice(0, node.start)}${replacement}${result.slice(node.end)}`;
    }
    return { code: result, map: null };
  },
};
