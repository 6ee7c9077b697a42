import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The bench's child processes and temporary directories: killed and removed however it ends. */
export const children = new Set();
export const tempDirs = new Set();

/** Kills every child still running and removes every temporary directory (synchronous: runs on `exit`). */
export function cleanup() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

/** Runs {@link cleanup} when the process exits, and on SIGINT/SIGTERM (exit status 130). */
export function cleanupOnExit() {
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      cleanup();
      process.exit(130);
    });
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The nearest-rank `p`th percentile of ascending `sorted` values (NaN when empty). */
export function percentile(sorted, p) {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `work` once to warm up (statement caches, pages in memory), then `runs` times: each run's
 * milliseconds, ascending.
 */
export async function timeRuns(work, runs) {
  await work();
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
