import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NO_SDK_METHOD } from '../src/openapi.js';

/** Where `@hearback/client` reads the operations its `OperationId` leaves out. */
export const NON_SDK_OPERATIONS_PATH = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../client/src/non-sdk-operations.gen.ts',
);

interface DocumentLike {
  paths?: Record<string, object | undefined> | undefined;
}

/** The operationIds the document marks `x-sdk: false`, in document order. */
export function nonSdkOperationIds(document: DocumentLike): string[] {
  return Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item ?? {}).flatMap((operation) => {
      const { operationId, [NO_SDK_METHOD]: sdk } = (operation ?? {}) as Record<string, unknown>;
      return typeof operationId === 'string' && sdk === false ? [operationId] : [];
    }),
  );
}

/**
 * `non-sdk-operations.gen.ts`: the operations of the document that no SDK method performs (MCP,
 * the accounts, the public pages; marked `x-sdk: false`), so that `@hearback/client`'s
 * `OperationId`, which the Node SDK maps to its methods, names the REST API alone.
 *
 * @example
 * writeFileSync(NON_SDK_OPERATIONS_PATH, renderNonSdkOperations(buildOpenApiDocument()));
 */
export function renderNonSdkOperations(document: DocumentLike): string {
  const ids = nonSdkOperationIds(document);
  return [
    `// Generated from openapi/openapi.json (\`${NO_SDK_METHOD}: false\`) by \`pnpm openapi\`: do not edit.`,
    '',
    '/** The operations of the document no SDK method performs: MCP, the accounts, the public pages. */',
    `export type NonSdkOperationId =${ids.length === 0 ? ' never' : ids.map((id) => `\n  | '${id}'`).join('')};`,
    '',
  ].join('\n');
}
