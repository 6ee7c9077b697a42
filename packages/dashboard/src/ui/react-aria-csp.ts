import './react-aria-csp.css';

const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/**
 * Lets React Aria's press handling run under the page's policy. It adds an inline `<style>` (a
 * `touch-action` rule for pressable elements) unless an element with its id is in the document;
 * the policy refuses inline styles (`style-src 'self'`), so the rule ships in our stylesheet and
 * this marker tells React Aria it is there. Called once at start-up (`main.tsx`), before any screen
 * renders; a function rather than a bare import, which Vite drops (the package declares no side
 * effects but CSS).
 *
 * @example
 * allowReactAriaUnderCsp();
 */
export function allowReactAriaUnderCsp(): void {
  if (document.getElementById(PRESSABLE_STYLE_ID)) return;
  const marker = document.createElement('meta');
  marker.id = PRESSABLE_STYLE_ID;
  document.head.append(marker);
}
