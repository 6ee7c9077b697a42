import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker module `name` (without extension) that sits next to `callerUrl`.
 *
 * Built, the worker is `name.js`. From sources (vitest, tsx) it is TypeScript, which a Node 20
 * worker cannot load even with `--import tsx` in its execArgv: a one-line bootstrap registers tsx
 * in the worker first.
 *
 * @example
 * const worker = spawnWorker(import.meta.url, 'use-worker');
 */
export function spawnWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const source = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}); })`, {
    ...options,
    eval: true,
  });
}
