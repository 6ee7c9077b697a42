import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, type Logger, listen, loadConfig } from '@hearback/server';

/** One stored feedback row as the list API returns it (the fields tests look at). */
export interface FeedbackRow {
  id: string;
  type: string;
  score: number | null;
  comment: string | null;
  context: Record<string, unknown>;
  source: string | null;
}

/** One entry the server logged, as an operator would read it on stderr. */
export interface LogEntry {
  level: 'info' | 'error';
  message: string;
  fields: Record<string, unknown>;
}

export interface TestHearback {
  url: string;
  orgId: string;
  inboxKey: string;
  /** All scopes; for the list API. */
  adminKey: string;
  /** Collect-only: what a page embeds. */
  collectKey: string;
  /**
   * What the server logged so far, oldest first: held in memory, nothing is printed. Without SMTP,
   * account mail (reset, verification, invitation) is one of these entries, its link in `fields.link`.
   */
  log: readonly LogEntry[];
  /** Every feedback row of the organization, newest first (`GET /organizations/:orgId/feedback`). */
  listFeedback(query?: Record<string, string>): Promise<FeedbackRow[]>;
  close(): Promise<void>;
}

export interface StartHearbackOptions {
  /** Served at `/` for paths the API does not use (`--public-dir`): pages loading `/widget.js`. */
  publicDir?: string | undefined;
  /**
   * Runs the background jobs and lets webhooks reach 127.0.0.0/8, so automations and REST hooks
   * deliver to a receiver in the test. Off by default: nothing is sent anywhere.
   */
  deliverWebhooksLocally?: boolean | undefined;
  /**
   * Runs the background jobs with the bundled local model, so comments get vectors and semantic
   * search and themes answer from them. Off by default: the model takes ~170 MB and seconds to load.
   */
  embedComments?: boolean | undefined;
  /** DNS servers (`host:port`) for SSO domain verification, e.g. a test's TXT server on 127.0.0.1. */
  dnsServers?: string[] | undefined;
}

/**
 * Starts the real Hearback server on a free port over a throwaway SQLite directory, with one
 * bootstrapped organization: `@hearback/server`'s source under vitest, its build under tsx.
 *
 * @example
 * const hearback = await startHearback({ publicDir });
 * // … submit from a page at `${hearback.url}/index.html` …
 * expect(await hearback.listFeedback()).toHaveLength(1);
 * await hearback.close();
 */
export async function startHearback(options: StartHearbackOptions = {}): Promise<TestHearback> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-test-'));
  const log: LogEntry[] = [];
  const logger: Logger = {
    info: (message, fields = {}) => log.push({ level: 'info', message, fields }),
    error: (message, fields = {}) => log.push({ level: 'error', message, fields }),
  };
  const runtime = await createRuntime(
    loadConfig(
      {},
      {
        dataDir,
        logLevel: 'silent',
        publicDir: options.publicDir,
        runJobs: options.deliverWebhooksLocally === true || options.embedComments === true,
        ...(options.dnsServers && { dnsServers: options.dnsServers }),
        ...(options.deliverWebhooksLocally && {
          webhookAllowedCidrs: ['127.0.0.0/8'],
          search: { embedder: 'off', idleMs: 0 },
        }),
        ...(options.embedComments && { search: { embedder: 'local', idleMs: 0 } }),
      },
    ),
    logger,
  );
  const { organization, inbox, adminKey, collectKey } = await runtime.bootstrap({
    name: 'Test',
  });
  const running = await listen(runtime, { port: 0, host: '127.0.0.1' });
  return {
    url: running.url,
    log,
    orgId: organization.id,
    inboxKey: inbox.inboxKey,
    adminKey,
    collectKey,
    async listFeedback(query = {}) {
      const rows: FeedbackRow[] = [];
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams({ ...query, limit: '100', ...(cursor ? { cursor } : {}) });
        const response = await fetch(`${running.url}/organizations/${organization.id}/feedback?${params}`, {
          headers: { 'X-Service-Key': adminKey },
        });
        if (!response.ok) throw new Error(`list feedback: ${response.status} ${await response.text()}`);
        const page = (await response.json()) as { data: FeedbackRow[]; nextCursor: string | null };
        rows.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor);
      return rows;
    },
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
