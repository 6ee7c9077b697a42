import { HEARBACK_TOOLS } from '@hearback/mcp';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/openapi-document.js';
import { ANY_KEY } from '../domain/api-key.js';
import { API_OPERATIONS, accessOf, type OperationId } from './index.js';

describe('the operation table', () => {
  const document = buildOpenApiDocument();
  const published = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).filter(
      (operation): operation is { operationId: string; 'x-required-scope'?: string } =>
        typeof operation === 'object' && operation !== null && 'operationId' in operation,
    ),
  );

  it('is what the document publishes: every operation once, with its scope as x-required-scope', () => {
    const fromTable = API_OPERATIONS.map((operation) => [
      operation.operationId,
      operation.scope === ANY_KEY ? undefined : operation.scope,
    ]);
    const fromDocument = published
      .filter((operation) => !['healthz', 'readyz'].includes(operation.operationId))
      .map((operation) => [operation.operationId, operation['x-required-scope']]);
    expect(fromDocument).toEqual(fromTable);
  });

  it('gives every MCP tool the scope of the operation it stands for', () => {
    for (const tool of HEARBACK_TOOLS) {
      expect(accessOf(tool.operationId as OperationId), tool.name).toBe(tool.requiredScope);
    }
  });
});
