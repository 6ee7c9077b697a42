import type { FailureReport, FuzzResult } from './runner.js';

const SHOWN_BODY = 400;

/** The failing request as a reader can replay it: method, URL, headers (keys named by principal), body. */
export function describeFailure(report: FailureReport, seed: number): string {
  const { request, answer, failures } = report;
  const headers = Object.entries(request.headers).map(([name, value]) =>
    name === 'x-service-key' || name === 'authorization'
      ? `${name}: <${request.principal} key>`
      : `${name}: ${JSON.stringify(value)}`,
  );
  const body =
    request.body === undefined
      ? ''
      : request.body.length > SHOWN_BODY
        ? `${request.body.slice(0, SHOWN_BODY)}… (${request.body.length} chars)`
        : request.body;
  return [
    `#${report.index} (seed ${seed}) ${request.operation.operationId} as ${request.principal}${request.mutations.length ? `, mutated: ${request.mutations.join(', ')}` : ''}`,
    `  ${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url}`,
    ...headers.map((header) => `  ${header}`),
    ...(body ? [`  body: ${JSON.stringify(body)}`] : []),
    `  → ${answer.status} ${answer.text.slice(0, 300)}`,
    ...failures.map((failure) => `  ✗ ${failure.kind}: ${failure.detail}`),
  ].join('\n');
}

/** Requests, successes, client errors by status and failures, per operation, then failures by kind. */
export function formatCounts(result: FuzzResult, title: string): string {
  const lines = [`${title}: ${result.runs} requests, seed ${result.seed}, ${result.failureCount} failing`];
  const width = Math.max(...[...result.byOperation.keys()].map((name) => name.length));
  for (const [operationId, counts] of result.byOperation) {
    const statuses = [...counts.statuses.entries()].sort(([a], [b]) => a - b);
    const ok = statuses.filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
    const clientErrors = statuses
      .filter(([status]) => status >= 400 && status < 500)
      .map(([status, count]) => `${status}:${count}`);
    const serverErrors = statuses.filter(([status]) => status >= 500).map(([status, count]) => `${status}:${count}`);
    lines.push(
      `  ${operationId.padEnd(width)} ${String(counts.requests).padStart(6)} req  2xx ${String(ok).padStart(5)}  4xx ${clientErrors.join(' ') || '-'}${serverErrors.length ? `  5xx ${serverErrors.join(' ')}` : ''}  failures ${counts.failures}`,
    );
  }
  if (result.byKind.size > 0) {
    lines.push(
      `  failures by kind: ${[...result.byKind.entries()].map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
    );
    const signatures = [...result.bySignature.entries()].sort(([, a], [, b]) => b - a);
    for (const [signature, count] of signatures) lines.push(`    ${String(count).padStart(5)}  ${signature}`);
  }
  return lines.join('\n');
}
