import './react-aria-csp.css';

const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/**
 * Lets React Aria's press handling run under the page's policy. It adds an inline `<style>` (a
 * `touch-action` rule for pressable elements) unless an element with its id is in the document;
 * the policy refuses inline styles (`style-src 'self'`), so the rule ships in our stylesheet and
 * this marker tells React Aria it is there. Call it at the top of a screen module that uses React
 * Aria components (a function, not a bare import: the package is `sideEffects`-free but for CSS).
 *
 * @example
 * useReactAriaUnderCsp();
 */
export function useReactAriaUnderCsp(): void {
  if (document.getElementById(PRESSABLE_STYLE_ID)) return;
  const marker = document.createElement('meta');
  marker.id = PRESSABLE_STYLE_ID;
  document.head.append(marker);
}
