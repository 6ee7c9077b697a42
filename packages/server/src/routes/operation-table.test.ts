import { HEARBACK_TOOLS } from '@hearback/mcp';
import { ORGANIZATION_WIDE_OPERATIONS } from '@hearback/spec';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/openapi-document.js';
import { acceptedScopes } from '../domain/api-key.js';
import { NO_SDK_METHOD } from '../openapi.js';
import { API_OPERATIONS, accessOf, type OperationId, operationAccessOf } from './index.js';

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
        'x-organization-wide'?: boolean;
      } => typeof operation === 'object' && operation !== null && 'operationId' in operation,
    ),
  );

  it('is what the document publishes: every operation once, with its scopes as x-required-scope and x-accepted-scopes', () => {
    const fromTable = API_OPERATIONS.map((operation) => [operation.operationId, acceptedScopes(operation.scope)]);
    const fromDocument = published
      .filter((operation) => !['healthz', 'readyz'].includes(operation.operationId))
      // Served outside the table (MCP, the accounts, the public pages): test/openapi-coverage.test.ts.
      .filter((operation) => (operation as Record<string, unknown>)[NO_SDK_METHOD] !== false)
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

  it('publishes x-organization-wide for exactly the operations the table says are organization-wide', () => {
    const fromTable = API_OPERATIONS.filter((operation) => operation.organizationWide !== undefined).map(
      (operation) => operation.operationId,
    );
    const fromDocument = published
      .filter((operation) => operation['x-organization-wide'] === true)
      .map((operation) => operation.operationId);
    expect(fromTable.length).toBeGreaterThan(0);
    expect(fromDocument).toEqual(fromTable);
    expect(ORGANIZATION_WIDE_OPERATIONS).toEqual(fromTable);
  });

  it('marks an MCP tool organization-wide when the operation it stands for is', () => {
    for (const tool of HEARBACK_TOOLS) {
      const { organizationWide } = operationAccessOf(tool.operationId as OperationId);
      expect(tool.organizationWide, tool.name).toBe(organizationWide !== undefined);
    }
    expect(HEARBACK_TOOLS.filter((tool) => tool.organizationWide).map((tool) => tool.name)).toEqual([
      'list_automations',
      'list_failed_deliveries',
    ]);
  });

  it('gives every MCP tool the scopes of the operation it stands for', () => {
    for (const tool of HEARBACK_TOOLS) {
      const accepted = acceptedScopes(accessOf(tool.operationId as OperationId));
      expect(tool.acceptedScopes, tool.name).toEqual(accepted);
      expect(tool.requiredScope, tool.name).toBe(accepted[0]);
    }
  });
});
