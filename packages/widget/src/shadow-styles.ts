/**
 * Adds `css` to a shadow root and returns what removes it. Where the browser has constructed
 * stylesheets, the CSS goes in as one (`adoptedStyleSheets`): a CSP `style-src` does not apply to
 * them, so a page with `style-src 'self'` and no nonce still styles the widget. Elsewhere it is a
 * `<style>` carrying `nonce`. `first` puts it before the sheets already there, so they win.
 *
 * @example
 * const remove = addShadowStyles(shadowRoot, ':host{color:red}', nonce);
 */
export function addShadowStyles(root: ShadowRoot, css: string, nonce: string | undefined, first?: boolean): () => void {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const others = root.adoptedStyleSheets;
    root.adoptedStyleSheets = first ? [sheet, ...others] : [...others, sheet];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  root[first ? 'prepend' : 'append'](style);
  return () => style.remove();
}
