import fc from 'fast-check';
import type { Runtime } from '../../src/runtime.js';
import { finiteBodyText } from '../support/event-stream.js';
import { type Answer, ContractChecker, type Failure, type FailureKind } from './checker.js';
import { loadDocument, type OpenApiDocument, type Operation, operationsOf } from './openapi-operations.js';
import { createFixtures, type Fixtures, type PoolName } from './principals.js';
import { type RequestCase, requestCaseOf } from './request-cases.js';

export interface OperationCounts {
  requests: number;
  /** Answers by status. */
  statuses: Map<number, number>;
  failures: number;
}

export interface FailureReport {
  index: number;
  request: RequestCase;
  answer: Answer;
  failures: Failure[];
}

export interface FuzzResult {
  seed: number;
  runs: number;
  byOperation: Map<string, OperationCounts>;
  byKind: Map<FailureKind, number>;
  /** Failures grouped by what they share (kind, operation, what was sent), for a short report. */
  bySignature: Map<string, number>;
  /** The first failing requests, in order (up to `keepFailures`). */
  failures: FailureReport[];
  failureCount: number;
}

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** How many failing requests to keep for the report. */
  keepFailures?: number;
  document?: OpenApiDocument;
  onProgress?: (done: number) => void;
}

/** Cases are drawn in batches, each from its own seed: request `index` is the same for a seed. */
const BATCH = 100;
/** Embeds what was collected every so many requests, so `similar` has neighbours to rank. */
const JOBS_EVERY = 250;
const POOL_LIMIT = 40;
/** `/collect` is where hostile clients arrive with only a public key: drawn more often. */
const INGEST_WEIGHT: Record<string, number> = { collectFeedback: 5 };

/** The pool a created resource joins, so later requests address it. */
const CREATES: Record<string, PoolName> = {
  collectFeedback: 'feedback',
  createNote: 'note',
  createInbox: 'inbox',
  createBrand: 'brand',
  createApiKey: 'key',
  subscribeRestHook: 'hook',
  createAutomation: 'automation',
  createView: 'view',
  createInvite: 'invite',
};

function remember(fixtures: Fixtures, operation: Operation, answer: Answer): void {
  const pool = CREATES[operation.operationId];
  if (!pool || answer.status !== 201) return;
  const answered = JSON.parse(answer.text) as { id: string; inboxKey?: string; invite?: { id: string } };
  // An issued invitation comes with its link: its id is the invite's.
  const created: { id: string; inboxKey?: string } = answered.invite ?? answered;
  const add = (name: PoolName, value: string) => {
    const list = fixtures.pools[name];
    if (list.includes(value)) return;
    list.push(value);
    // Oldest run-made entries go first; the fixtures' own stay.
    if (list.length > POOL_LIMIT)
      list.splice(
        list.findIndex((id) => !fixtures.protectedIds.has(id)),
        1,
      );
  };
  add(pool, pool === 'note' ? `${(created as { feedbackId?: string }).feedbackId} ${created.id}` : created.id);
  if (created.inboxKey) add('inboxKey', created.inboxKey);
}

/** What a failure has in common with others of its cause: kind, operation, the notable input sent. */
function signatureOf(request: RequestCase, failure: Failure): string {
  const sent = `${request.url} ${JSON.stringify(request.headers)} ${request.body ?? ''}`;
  const traits = [
    /\\ud[89a-f][0-9a-f]{2}|%ED%[AB]/i.test(sent) && 'lone surrogate',
    /"brandId":""/.test(sent) && 'brandId ""',
    /(\[){50}|(\{"a":){50}/.test(sent) && 'deep nesting',
  ].filter(Boolean);
  const reason = failure.kind === 'accepted-invalid-request' ? failure.detail.replace(/=.*$/, '') : traits.join(', ');
  return `${failure.kind} ${request.operation.operationId} [${request.mutations.join('; ') || 'valid'}] ${reason}`.trim();
}

async function send(runtime: Runtime, request: RequestCase): Promise<Answer> {
  const response = await runtime.app.request(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined && { body: request.body }),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await finiteBodyText(response),
  };
}

/**
 * Sends `runs` requests built from the OpenAPI document to the app of `runtime` (in-process) and
 * holds every answer to the document. Seeded: the same seed on a fresh database sends the same
 * requests.
 *
 * @example
 * const result = await runFuzz(runtime, { runs: 300, seed: 42 });
 */
export async function runFuzz(runtime: Runtime, options: FuzzOptions): Promise<FuzzResult> {
  const document = options.document ?? loadDocument();
  const operations = operationsOf(document);
  const checker = new ContractChecker(document);
  const fixtures = await createFixtures(runtime);
  const result: FuzzResult = {
    seed: options.seed,
    runs: options.runs,
    byOperation: new Map(
      operations.map((operation) => [operation.operationId, { requests: 0, statuses: new Map(), failures: 0 }]),
    ),
    byKind: new Map(),
    bySignature: new Map(),
    failures: [],
    failureCount: 0,
  };
  for (let start = 0; start < options.runs; start += BATCH) {
    // Rebuilt per batch: the pools have grown with what the previous batch created.
    const arbitrary = fc.oneof(
      ...operations.map((operation) => ({
        weight: INGEST_WEIGHT[operation.operationId] ?? 1,
        arbitrary: requestCaseOf(document, operation, fixtures, (schema, value) => checker.accepts(schema, value)),
      })),
    );
    const cases = fc.sample(arbitrary, { seed: options.seed + start, numRuns: Math.min(BATCH, options.runs - start) });
    for (const [offset, request] of cases.entries()) {
      const index = start + offset;
      if (index > 0 && index % JOBS_EVERY === 0) await runtime.jobs.runUntilIdle();
      const answer = await send(runtime, request);
      const counts = result.byOperation.get(request.operation.operationId) as OperationCounts;
      counts.requests++;
      counts.statuses.set(answer.status, (counts.statuses.get(answer.status) ?? 0) + 1);
      const failures = checker.check(request, answer);
      if (failures.length > 0) {
        counts.failures++;
        result.failureCount++;
        for (const failure of failures) {
          result.byKind.set(failure.kind, (result.byKind.get(failure.kind) ?? 0) + 1);
          const signature = signatureOf(request, failure);
          result.bySignature.set(signature, (result.bySignature.get(signature) ?? 0) + 1);
        }
        if (result.failures.length < (options.keepFailures ?? 20))
          result.failures.push({ index, request, answer, failures });
      } else if (answer.status >= 200 && answer.status < 300) {
        remember(fixtures, request.operation, answer);
      }
      options.onProgress?.(index + 1);
    }
  }
  return result;
}
