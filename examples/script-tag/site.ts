import { fileURLToPath } from 'node:url';
import { type HearbackPages, serveHearbackPages } from '@hearback/test-utils';

/**
 * A throwaway Hearback server serving these pages itself (`--public-dir`), rendered with its
 * keys: the pages load `/widget.js` from that server, which is also where the widget posts.
 */
export function serveExample(): Promise<HearbackPages> {
  return serveHearbackPages(fileURLToPath(new URL('./', import.meta.url)), {
    TYPE: 'thumbs',
    POSITION: 'bottom-right',
    THEME: 'system',
  });
}
