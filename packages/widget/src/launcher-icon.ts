/** Stroke paths on a 24-unit grid, shared by the launcher (plain DOM) and the dialog (preact). */
export const CLOSE_PATH = 'M6 6l12 12M18 6L6 18';
/** A speech bubble with its tail at the lower left. */
const BUBBLE_PATH = 'M8 20a9 9 0 1 0-4-4l-1.5 5.5z';

/**
 * The launcher's icon: a speech bubble while the dialog is closed, a cross while it is open (CSS
 * shows one by the button's `aria-expanded`). Built with DOM calls, not markup, so a page that
 * enforces Trusted Types accepts it.
 */
export function launcherIcon(): SVGSVGElement {
  const namespace = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(namespace, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  for (const d of [BUBBLE_PATH, CLOSE_PATH])
    svg.appendChild(document.createElementNS(namespace, 'path')).setAttribute('d', d);
  return svg;
}
