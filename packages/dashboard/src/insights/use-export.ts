import type { FeedbackStatsQuery } from '@hearback/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiProblem, api, dataOf } from '../api/client.js';
import { attachmentName, type ExportFormat, rowCounter } from './export-rows.js';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; format: ExportFormat; rows: number }
  | { phase: 'done'; rows: number; filename: string }
  | { phase: 'cancelled'; rows: number }
  | { phase: 'failed'; message: string };

/** How long the browser keeps a finished file's object URL (the download has long started by then). */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands a file to the browser's downloads, as a link with `download` would. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * Exports feedback of a filter as a file: the response is read as a stream (the typed client with
 * `parseAs: 'stream'`) so the items are counted as they arrive, then the whole file is handed to the
 * browser. `cancel` aborts the request. Nothing is kept once the file is saved.
 */
export function useExport(orgId: string) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen stops a running export.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat, filters: FeedbackStatsQuery) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const count = rowCounter(format);
      let rows = 0;
      setState({ phase: 'running', format, rows });
      try {
        const call = api.GET('/organizations/{orgId}/feedback/export', {
          params: { path: { orgId }, query: { ...filters, format } },
          parseAs: 'stream',
          signal: abort.signal,
        });
        const { response } = await call;
        const body = await dataOf(call);
        if (!body) throw new Error('The export answered without a body.');
        const reader = body.getReader();
        const decoder = new TextDecoder();
        const parts: Uint8Array<ArrayBuffer>[] = [];
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value as Uint8Array<ArrayBuffer>);
          rows = count(decoder.decode(value, { stream: true }));
          setState({ phase: 'running', format, rows });
        }
        const filename = attachmentName(response.headers.get('content-disposition'), `feedback.${format}`);
        saveFile(
          new Blob(parts, { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
          filename,
        );
        setState({ phase: 'done', rows, filename });
      } catch (error) {
        if (abort.signal.aborted) setState({ phase: 'cancelled', rows });
        else
          setState({
            phase: 'failed',
            message: error instanceof ApiProblem || error instanceof Error ? error.message : String(error),
          });
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [orgId],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
