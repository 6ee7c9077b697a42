import { textColorOn } from '@hearback/spec';
import { escapeHtml } from '../../lib/html.js';
import { accentColorOf } from './accent-color.js';
import { checkedPageUrl } from './safe-urls.js';
import { DEFAULT_BUTTON_LABEL, type ShareInput } from './share-input.js';

/**
 * A "bulletproof" button for an email signature, linking the page. Mail clients keep only inline
 * styles (Gmail drops `<style>`), and Outlook on Windows renders with Word, which ignores padding,
 * `display` and `border-radius` on links but honours a table cell's `bgcolor` and padding: so the
 * colour and the padding sit on a `<td>`, and the link only carries the text. The label's colour is
 * repeated on a `<span>` because some webmail clients restyle links. Outlook shows square corners.
 *
 * @example
 * emailSignatureHtml({ pageUrl: 'https://feedback.example/f/acme/nps', title: 'How are we doing?' });
 */
export function emailSignatureHtml(input: ShareInput): string {
  const href = escapeHtml(checkedPageUrl(input.pageUrl).href);
  const background = accentColorOf(input.accentColor);
  const color = textColorOn(background);
  const label = escapeHtml(input.buttonLabel?.trim() || DEFAULT_BUTTON_LABEL);
  const font = 'font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:20px;font-weight:bold;';
  return [
    '<table role="presentation" border="0" cellspacing="0" cellpadding="0" style="border-collapse:separate;mso-table-lspace:0pt;mso-table-rspace:0pt;">',
    '<tr>',
    `<td align="center" valign="middle" bgcolor="${background}" style="background-color:${background};border-radius:6px;padding:10px 20px;mso-padding-alt:10px 20px;">` +
      `<a href="${href}" target="_blank" rel="noopener noreferrer" title="${escapeHtml(input.title)}" style="display:inline-block;${font}color:${color};text-decoration:none;">` +
      `<span style="color:${color};">${label}</span></a></td>`,
    '</tr>',
    '</table>',
  ].join('\n');
}
