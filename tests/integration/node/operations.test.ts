import { Hearback, OPERATIONS } from '@hearback/node';
import { describe, expect, it } from 'vitest';
import { documentOperations, openApiDocument } from '../support/openapi.js';

function resolveMethod(root: object, path: string): unknown {
  let target: unknown = root;
  let owner: unknown;
  for (const segment of path.split('.')) {
    owner = target;
    target = (target as Record<string, unknown> | undefined)?.[segment];
  }
  return typeof target === 'function' ? target.bind(owner) : target;
}

describe('the SDK operation map', () => {
  const hearback = new Hearback({ apiKey: 'hb_test', baseUrl: 'http://hearback.test', orgId: 'org_test' });

  it('names exactly the operations of openapi/openapi.json', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(documentOperations.map(({ operationId }) => operationId).sort());
  });

  it.each(Object.entries(OPERATIONS))('%s is performed by an SDK method', (_operationId, { method }) => {
    expect(typeof resolveMethod(hearback, method)).toBe('function');
  });

  it.each(documentOperations)('$operationId ($method) has a retry policy that fits its method', (operation) => {
    const { retry } = OPERATIONS[operation.operationId as keyof typeof OPERATIONS];
    const parameters = (openApiDocument.paths[operation.path]?.[operation.method.toLowerCase()] ?? {}) as {
      parameters?: { name: string; in: string }[];
    };
    const takesIdempotencyKey = parameters.parameters?.some(
      (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
    );
    if (operation.method === 'GET') expect(retry).toBe('safe');
    // A write the server deduplicates is retried with one key per call; one it does not, never.
    else expect(retry).toBe(takesIdempotencyKey ? 'idempotency-key' : 'never');
  });
});
