/** Stroke paths on a 24-unit grid, shared by the launcher (plain DOM) and the dialog (preact). */
export const CLOSE_PATH = 'M6 6l12 12M18 6L6 18';
/** A speech bubble with its tail at the lower left. */
export const BUBBLE_PATH = 'M8 20a9 9 0 1 0-4-4l-1 5z';

/**
 * The launcher's icon, one path: a speech bubble, which the widget turns into a cross
 * (`CLOSE_PATH`) while the dialog is open. Built with DOM calls, not markup, so a page that
 * enforces Trusted Types accepts it.
 */
export function launcherIcon(): SVGSVGElement {
  const namespace = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(namespace, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.appendChild(document.createElementNS(namespace, 'path')).setAttribute('d', BUBBLE_PATH);
  return svg;
}
