import { escapeHtml } from '../lib/html.js';

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
