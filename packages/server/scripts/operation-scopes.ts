import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `@hearback/spec` publishes each operation's scope (the MCP tools and the dashboard read it). */
export const OPERATION_SCOPES_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../spec/src/operation-scopes.gen.ts',
);

/** An operation as the generator reads it from the document. */
interface DocumentedOperation {
  operationId?: string;
  'x-required-scope'?: string;
  'x-accepted-scopes'?: string[];
  'x-organization-wide'?: boolean;
}

interface DocumentLike {
  paths?: Record<string, object | undefined> | undefined;
}

/** The scopes as the generated file writes them: one as a string, several as a list. */
function scopeLiteral(required: string, accepted: string[] | undefined): string {
  if (!accepted || accepted.length < 2) return `'${required}'`;
  return `[${accepted.map((scope) => `'${scope}'`).join(', ')}]`;
}

/**
 * `operation-scopes.gen.ts`: the scope each operation requires, from the OpenAPI document
 * (`x-required-scope`, or the list `x-accepted-scopes` when any of several will do, preferred
 * first), published by `@hearback/spec` (dependency-free, so the MCP entry and the browser load it alike): the MCP tools (in the server and in the stdio binary)
 * show the scopes the server enforces, and the dashboard shows a member only what their role
 * allows, without a copy of their own. Operations any key may call are left out. Then the
 * operations a brand-scoped key is refused (`x-organization-wide`).
 *
 * @example
 * writeFileSync(OPERATION_SCOPES_PATH, renderOperationScopes(buildOpenApiDocument()));
 */
export function renderOperationScopes(document: DocumentLike): string {
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).map((operation) => (operation ?? {}) as DocumentedOperation),
  );
  const entries = operations.flatMap(({ operationId, 'x-required-scope': required, 'x-accepted-scopes': accepted }) =>
    operationId && required ? [`  ${operationId}: ${scopeLiteral(required, accepted)},`] : [],
  );
  const organizationWide = operations.flatMap(({ operationId, 'x-organization-wide': wide }) =>
    operationId && wide === true ? [`  '${operationId}',`] : [],
  );
  return [
    '// Generated from openapi/openapi.json (`x-required-scope`, `x-accepted-scopes`) by `pnpm openapi`: do not edit.',
    '',
    '/**',
    ' * The API key scope each REST operation requires, by operationId; a list when a key holding any',
    ' * of several will do, the preferred first.',
    ' */',
    'export const OPERATION_SCOPES = {',
    ...entries,
    '} as const;',
    '',
    '/**',
    ' * The operations on the whole organization (`x-organization-wide`): a brand-scoped key is refused',
    ' * them (403 `forbidden`) whatever its scopes, so the MCP tools standing for them are not listed to it.',
    ' */',
    'export const ORGANIZATION_WIDE_OPERATIONS: readonly (keyof typeof OPERATION_SCOPES)[] = [',
    ...organizationWide,
    '];',
    '',
  ].join('\n');
}
