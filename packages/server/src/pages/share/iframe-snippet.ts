import { EMBED_HEIGHT_MESSAGE } from '@hearback/forms';
import { escapeHtml } from '../../lib/html.js';
import { checkedPageUrl } from './safe-urls.js';
import type { ShareInput } from './share-input.js';

/** The iframe's height until (or without) the resize script: most pages fit without scrolling. */
export const IFRAME_DEFAULT_HEIGHT = 720;

/** The page's URL in embed mode (no outer chrome; posts its height), keeping its own query. */
export function embedUrlOf(pageUrl: string): string {
  const url = checkedPageUrl(pageUrl);
  url.searchParams.set('embed', '1');
  return url.href;
}

/**
 * An `<iframe>` of the page in embed mode that works alone at a fixed height, followed by an
 * optional script that resizes it to the height the page posts. The script accepts messages only
 * from this iframe's window and the page's origin, and only a finite number, so another frame
 * cannot resize it; it finds its iframe as its previous sibling, so several embeds on one page
 * each resize their own. Sites that strip scripts keep a working, scrollable iframe.
 *
 * @example
 * iframeSnippet({ pageUrl: 'https://feedback.example/f/acme/nps', title: 'How are we doing?' });
 */
export function iframeSnippet(input: ShareInput): string {
  const src = embedUrlOf(input.pageUrl);
  // JSON is a valid JS string literal; `<` escaped so no `</script>` can appear inside it.
  const origin = JSON.stringify(new URL(src).origin).replace(/</g, '\\u003c');
  const type = JSON.stringify(EMBED_HEIGHT_MESSAGE);
  return [
    `<iframe src="${escapeHtml(src)}" title="${escapeHtml(input.title)}" loading="lazy" width="100%" height="${IFRAME_DEFAULT_HEIGHT}" style="border:0;width:100%;max-width:100%;"></iframe>`,
    "<!-- Optional: fits the iframe to the form's height. Without it the form scrolls inside the frame. -->",
    `<script>(function(frame){window.addEventListener("message",function(event){var data=event.data;if(event.source===frame.contentWindow&&event.origin===${origin}&&data&&data.type===${type}&&isFinite(data.height)&&data.height>0){frame.style.height=Math.ceil(data.height)+"px";}});})(document.currentScript.previousElementSibling);</script>`,
  ].join('\n');
}
