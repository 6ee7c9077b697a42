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
// has defaultProps, no SVG element an `xlink:` or `className` prop (the icons write `class`), and
// nothing uses dangerouslySetInnerHTML or MathML, so createElement()'s defaultProps loop, the SVG
// attribute renames, the innerHTML code and the MathML namespace go too (about 0.1 KB). Any of
// them in the dialog's source fails the build. Nothing sets one of preact's option hooks (the
// bundle has its own preact, without devtools or hooks), so every read of one is `undefined`
// (about 0.1 KB); importing `options` fails the build.

const PREACT_MODULE = /[\\/]preact[\\/]dist[\\/]preact\.module\.js$/;
const REMOVED = new Set(['setState', 'forceUpdate']);
const NEEDS_STATE = new Set(['preact/hooks', 'preact/compat', 'preact/debug', 'preact/devtools']);
const STATEFUL_IMPORT = /import\s*{[^}]*\b(Component|createContext|options)\b[^}]*}\s*from\s*['"]preact['"]/;
const REMOVED_PROPS = /\b(style|className|xlink\w*)=|defaultProps|dangerouslySetInnerHTML|<math/;
/** Names preact compares props or tags with that the dialog never uses: each comparison becomes `false`. */
const NEVER_USED = new Set(['dangerouslySetInnerHTML', 'math']);

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
 * (up to its `else`), createElement()'s defaultProps test, the SVG renames, and the comparisons
 * with `dangerouslySetInnerHTML` and `math` (at least three).
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
    neverUsed: [],
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
  if (node.type === 'BinaryExpression' && node.operator === '==' && NEVER_USED.has(node.left.value)) {
    found.neverUsed.push({ node, replacement: '!1' });
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

/** The names `fn` declares for its body (parameters, its own name, `var`s, inner function names). */
function declaredIn(fn) {
  const names = new Set(fn.type === 'FunctionExpression' && fn.id ? [fn.id.name] : []);
  const add = (pattern) => {
    if (pattern?.type === 'Identifier') names.add(pattern.name);
    else if (pattern?.type === 'AssignmentPattern') add(pattern.left);
    else if (pattern?.type === 'RestElement') add(pattern.argument);
    else if (pattern?.type === 'ArrayPattern') pattern.elements.forEach(add);
    else if (pattern?.type === 'ObjectPattern')
      for (const property of pattern.properties) add(property.value ?? property.argument);
  };
  fn.params.forEach(add);
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node !== fn.body && node.type.includes('Function')) {
      if (node.type === 'FunctionDeclaration') names.add(node.id.name);
      return;
    }
    if (node.type === 'VariableDeclarator') add(node.id);
    for (const value of Object.values(node)) for (const child of [value].flat()) visit(child);
  };
  visit(fn.body);
  return names;
}

/**
 * Reads of preact's option hooks (`options.vnode`, `.diffed`, `.unmount`, `.event` and the
 * mangled `__b`, `__r`, `__c`, …): nothing in the dialog's bundle sets one (no devtools, no
 * hooks, its own copy of preact), so each is `undefined` and the calls they guard go. `options`
 * is the module-level object with `__e` (catchError, which stays); a function that declares the
 * same one-letter name is left alone.
 */
function findOptionHookReads(ast) {
  let name;
  const findName = (node) => {
    if (!node || typeof node.type !== 'string' || name) return;
    if (node.type === 'AssignmentExpression' && node.right.properties?.some((property) => property.key?.name === '__e'))
      name = node.left.name;
    for (const value of Object.values(node)) for (const child of [value].flat()) findName(child);
  };
  findName(ast);
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type.includes('Function') && declaredIn(node).has(name)) return;
    if (node.type === 'CatchClause' && node.param?.name === name) return;
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') node.left.skip = true;
    if (
      node.type === 'MemberExpression' &&
      !node.skip &&
      !node.computed &&
      node.object.name === name &&
      node.property.name !== '__e'
    ) {
      found.push({ node, replacement: '(void 0)' });
    }
    for (const value of Object.values(node)) for (const child of [value].flat()) visit(child);
  };
  visit(ast);
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
        this.error(
          `stateful preact components and option hooks need scripts/preact-render-only.mjs removed from the build.`,
        );
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
      const expected = { lifecycle: CLASS_ONLY_METHODS.size, defaultProps: 1, neverUsed: 3 }[name];
      if (expected ? spans.length < expected : spans.length !== 1)
        this.error(`preact's ${name} code not found as expected (${spans.length}); update this plugin.`);
    }
    const optionHooks = findOptionHookReads(ast);
    if (optionHooks.length < 8) this.error(`preact's option hooks not found as expected (${optionHooks.length}).`);
    // Each assignment becomes `0`, which the minifier drops; positions from the end keep earlier ones valid.
    const replacements = [
      ...assignments.map((node) => ({ node, replacement: '0' })),
      ...Object.values(componentOnly).flat(),
      ...optionHooks,
    ];
    replacements.sort((a, b) => a.node.start - b.node.start);
    for (const [index, { node }] of replacements.entries()) {
      if (index && node.start < replacements[index - 1].node.end) this.error('overlapping replacements in preact.');
    }
    let result = code;
    for (const { node, replacement } of replacements.sort((a, b) => b.node.start - a.node.start)) {
      result = `${result.slice(0, node.start)}${replacement}${result.slice(node.end)}`;
    }
    return { code: result, map: null };
  },
};
