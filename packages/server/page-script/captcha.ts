/** The worker's answer: ALTCHA's solution, or null when it gave up (timeout). */
interface Solution {
  counter: number;
  derivedKey: string;
  time?: number;
}

/** How long the browser searches before giving up. */
const SOLVE_TIMEOUT_MS = 90_000;

/**
 * Solves a page's ALTCHA challenge in the page's own workers (ALTCHA's worker, served from this
 * origin, so `worker-src 'self'` holds): each worker tries every n-th counter; the first solution
 * wins. Resolves the payload the server redeems: base64 of `{ challenge, solution }`.
 */
export async function solveCaptcha(challengeUrl: string, workerUrl: string): Promise<string> {
  const response = await fetch(challengeUrl, { cache: 'no-store' });
  if (!response.ok) throw new Error(`challenge ${response.status}`);
  const challenge = await response.json();
  const count = Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
  const workers = Array.from({ length: count }, () => new Worker(workerUrl));
  try {
    const solution = await new Promise<Solution>((resolve, reject) => {
      let pending = count;
      workers.forEach((worker, index) => {
        worker.onmessage = (message: MessageEvent<Solution | { error: unknown } | null>) => {
          const data = message.data;
          if (data && 'counter' in data) resolve(data);
          else if (--pending === 0) reject(new Error('no solution'));
        };
        worker.onerror = () => {
          if (--pending === 0) reject(new Error('worker failed'));
        };
        worker.postMessage({
          type: 'work',
          challenge,
          counterStart: index,
          counterStep: count,
          timeout: SOLVE_TIMEOUT_MS,
        });
      });
    });
    return btoa(JSON.stringify({ challenge, solution }));
  } finally {
    for (const worker of workers) worker.terminate();
  }
}
