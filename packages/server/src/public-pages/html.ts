const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML content and quoted attribute values: every page-supplied string
 * (titles, options, descriptions, messages) goes through here before it reaches the markup.
 *
 * @example
 * escapeHtml('<script>"x"</script>'); // '&lt;script&gt;&quot;x&quot;&lt;/script&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Text as paragraphs, one per blank-line-separated block, single line breaks kept. */
export function paragraphs(text: string, attributes = ''): string {
  return text
    .split(/\n\s*\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => `<p dir="auto"${attributes}>${escapeHtml(block.trim()).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/** JSON for a `<script type="application/json">` block: `<` escaped, so no text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
