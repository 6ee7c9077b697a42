import { fileURLToPath } from 'node:url';
import { type StaticServer, serveStatic, type TestHearback } from '@hearback/test-utils';

/**
 * Serves these pages with `{{…}}` filled in for `hearback`, and widget.js from the widget's
 * build. Until the server serves /widget.js itself, the pages load it from here and point
 * `data-api-url` at the server.
 */
export function serveExample(hearback: TestHearback, port?: number): Promise<StaticServer> {
  return serveStatic({
    port,
    mounts: {
      '/': fileURLToPath(new URL('./', import.meta.url)),
      '/widget/': fileURLToPath(new URL('../../packages/widget/dist/browser/', import.meta.url)),
    },
    placeholders: {
      WIDGET_SRC: '/widget/widget.js',
      HEARBACK_URL: hearback.url,
      INBOX_KEY: hearback.inboxKey,
      COLLECT_KEY: hearback.collectKey,
      TYPE: 'thumbs',
      POSITION: 'bottom-right',
      THEME: 'system',
    },
  });
}
