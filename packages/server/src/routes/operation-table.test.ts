import { HEARBACK_TOOLS } from '@hearback/mcp';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/openapi-document.js';
import { acceptedScopes } from '../domain/api-key.js';
import { API_OPERATIONS, accessOf, type OperationId } from './index.js';

describe('the operation table', () => {
  const document = buildOpenApiDocument();
  const published = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).filter(
      (
        operation,
      ): operation is {
        operationId: string;
        'x-required-scope'?: string;
        'x-accepted-scopes'?: string[];
      } => typeof operation === 'object' && operation !== null && 'operationId' in operation,
    ),
  );

  it('is what the document publishes: every operation once, with its scopes as x-required-scope and x-accepted-scopes', () => {
    const fromTable = API_OPERATIONS.map((operation) => [operation.operationId, acceptedScopes(operation.scope)]);
    const fromDocument = published
      .filter((operation) => !['healthz', 'readyz'].includes(operation.operationId))
      .map((operation) => {
        const required = operation['x-required-scope'];
        return [operation.operationId, operation['x-accepted-scopes'] ?? (required === undefined ? [] : [required])];
      });
    expect(fromDocument).toEqual(fromTable);
  });

  it('publishes x-accepted-scopes only for an operation any of several scopes may call, preferred first', () => {
    for (const operation of published) {
      const accepted = operation['x-accepted-scopes'];
      if (accepted === undefined) continue;
      expect(accepted.length, operation.operationId).toBeGreaterThan(1);
      expect(accepted[0], operation.operationId).toBe(operation['x-required-scope']);
    }
  });

  it('gives every MCP tool the scopes of the operation it stands for', () => {
    for (const tool of HEARBACK_TOOLS) {
      const accepted = acceptedScopes(accessOf(tool.operationId as OperationId));
      expect(tool.acceptedScopes, tool.name).toEqual(accepted);
      expect(tool.requiredScope, tool.name).toBe(accepted[0]);
    }
  });
});
