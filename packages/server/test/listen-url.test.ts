import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/http-server.js';
import { openTestRuntime } from './support/harness.js';

/** The URL `hearback serve` prints must be one a user can open, whatever HOST they bind to. */
describe('the URL a listening server reports', () => {
  let server: RunningServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    // close() closes the runtime too; cleanup then only removes the data directory.
    await server?.close();
    await cleanup?.();
    server = undefined;
  });

  it.each([
    ['::1', /^http:\/\/\[::1\]:\d+$/],
    ['127.0.0.1', /^http:\/\/127\.0\.0\.1:\d+$/],
  ])('bound to %s, answers at its printed URL', async (host, shape) => {
    const opened = await openTestRuntime('sqlite');
    cleanup = opened.cleanup;
    server = await listen(opened.runtime, { port: 0, host });
    expect(server.url).toMatch(shape);
    const answer = await fetch(`${server.url}/healthz`);
    expect(answer.status).toBe(200);
  });
});
