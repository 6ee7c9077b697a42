import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from './index.js';

describe('@hearback/server entry', () => {
  it('exports the deliberate public API and nothing internal', () => {
    expect(Object.keys(entry).sort()).toEqual(
      [
        'ConfigError',
        'ERROR_CODES',
        'FEEDBACK_STATUSES',
        'FEEDBACK_TYPES',
        'ISSUE_TRACKERS',
        'KEY_SCOPES',
        'ROLES',
        'PLANS',
        'PLAN_NAMES',
        'SCOPES',
        'SCORE_RANGES',
        'SERVER_VERSION',
        'createRuntime',
        'listen',
        'loadConfig',
      ].sort(),
    );
  });

  describe('a runtime', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearback-entry-'));
    let runtime: entry.HearbackRuntime;
    beforeAll(async () => {
      runtime = await entry.createRuntime(entry.loadConfig({}, { dataDir, runJobs: false, logLevel: 'silent' }));
    });
    afterAll(async () => {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('shows its configuration, app, bootstrap, jobs and close, not the store or the job runner', () => {
      expect(Object.keys(runtime).sort()).toEqual(['app', 'bootstrap', 'close', 'config', 'runJobsUntilIdle']);
    });

    it('bootstraps an organization whose keys the app accepts, and serves it over HTTP', async () => {
      const { organization, inbox, adminKey, collectKey } = await runtime.bootstrap({ name: 'Acme', plan: 'starter' });
      expect(organization).toMatchObject({ name: 'Acme', plan: 'starter' });
      const collected = await runtime.app.request('/collect', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': collectKey },
        body: JSON.stringify({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 }),
      });
      expect(collected.status).toBe(201);
      expect(await runtime.runJobsUntilIdle()).toBeGreaterThan(0);

      const server = await entry.listen(runtime, { port: 0, host: '127.0.0.1' });
      try {
        const response = await fetch(`${server.url}/organizations/${organization.id}/feedback`, {
          headers: { 'x-service-key': adminKey },
        });
        expect((await response.json()) as { data: unknown[] }).toMatchObject({ data: [{ type: 'thumbs', score: 1 }] });
      } finally {
        // Closing the listener closes the runtime too; afterAll's close must then be harmless.
        await server.close();
      }
    });

    it('refuses to serve an object that is not one of its runtimes', () => {
      expect(() => entry.listen({ ...runtime }, { port: 0, host: '127.0.0.1' })).toThrow(TypeError);
    });
  });
});
