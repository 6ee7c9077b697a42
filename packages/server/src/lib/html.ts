const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML and XML: element content and quoted attribute values alike, so one
 * function serves every place a user's text lands in markup.
 *
 * @example
 * escapeHtml(`<script>"'&`); // '&lt;script&gt;&quot;&#39;&amp;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] as string);
}
