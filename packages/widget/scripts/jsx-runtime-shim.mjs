// The bundles' stand-in for preact/jsx-runtime: the same vnodes through preact's own `h`, without
// a second vnode factory in the dialog chunk.
import { h } from 'preact';

export function jsx(type, props, key) {
  if (key !== undefined) props.key = key;
  return h(type, props);
}
export { Fragment } from 'preact';
export { jsx as jsxs, jsx as jsxDEV };
