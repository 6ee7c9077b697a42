import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `@hearback/mcp` reads the scope of the operation each tool stands for. */
export const OPERATION_SCOPES_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../mcp/src/tools/operation-scopes.gen.ts',
);

interface DocumentLike {
  paths?: Record<string, object | undefined> | undefined;
}

/**
 * `operation-scopes.gen.ts`: each operation's `x-required-scope` from the OpenAPI document, so
 * the MCP tools (in the server and in the stdio binary) show the scope the server enforces
 * without a copy of their own. Operations any key may call are left out.
 *
 * @example
 * writeFileSync(OPERATION_SCOPES_PATH, renderOperationScopes(buildOpenApiDocument()));
 */
export function renderOperationScopes(document: DocumentLike): string {
  const entries = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).flatMap((operation) => {
      const { operationId, 'x-required-scope': scope } = (operation ?? {}) as {
        operationId?: string;
        'x-required-scope'?: string;
      };
      return operationId && scope ? [`  ${operationId}: '${scope}',`] : [];
    }),
  );
  return [
    '// Generated from openapi/openapi.json (`x-required-scope`) by `pnpm openapi`: do not edit.',
    '',
    '/** The API key scope each REST operation requires, by operationId. */',
    'export const OPERATION_SCOPES = {',
    ...entries,
    '} as const;',
    '',
  ].join('\n');
}
