/**
 * The script tag to paste into a site, with the inbox and a collect-only key filled in (the
 * attribute names of DESIGN.md's script-tag conventions).
 */
export function widgetSnippet(origin: string, inboxKey: string, collectKey: string): string {
  return `<script src="${origin}/widget.js" data-inbox-key="${inboxKey}" data-api-key="${collectKey}" async></script>`;
}
