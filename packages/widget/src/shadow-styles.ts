/**
 * Adds `css` to a shadow root, before the sheets already there (so the launcher's sheet, added
 * at mount and carrying the author's theme, wins over the dialog's, added later), and returns
 * what removes it. Where the browser has constructed stylesheets, the CSS goes in as one
 * (`adoptedStyleSheets`): a CSP `style-src` does not apply to them, so a page with
 * `style-src 'self'` and no nonce still styles the widget. Elsewhere it is a `<style>` carrying
 * `nonce`.
 *
 * @example
 * const remove = addShadowStyles(shadowRoot, ':host{color:red}', nonce);
 */
export function addShadowStyles(root: ShadowRoot, css: string, nonce: string | undefined): () => void {
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  root.prepend(style);
  return () => style.remove();
}
