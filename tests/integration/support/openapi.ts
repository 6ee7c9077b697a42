import { readFileSync } from 'node:fs';

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string; 'x-sdk'?: boolean }>>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

export const openApiDocument = JSON.parse(
  readFileSync(new URL('../../../openapi/openapi.json', import.meta.url), 'utf8'),
) as OpenApiDocument;

export interface DocumentOperation {
  operationId: string;
  method: string;
  path: string;
  /** Matches the path of a request URL, with or without the `/v1` prefix. */
  pattern: RegExp;
}

/**
 * Every operation of the REST API in openapi/openapi.json, with a matcher for request paths: not
 * those the document marks `x-sdk: false` (MCP, the accounts, the public pages), which no SDK
 * method performs.
 */
export const documentOperations: DocumentOperation[] = Object.entries(openApiDocument.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method, operation]) => HTTP_METHODS.has(method) && operation['x-sdk'] !== false)
    .map(([method, operation]) => {
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      return {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        pattern: new RegExp(`^(?:/v1)?${source}$`),
      };
    }),
);

/** The operation a request performs, by method and path template. */
export function operationOf(request: Request): DocumentOperation | undefined {
  const { pathname } = new URL(request.url);
  return documentOperations.find(
    (operation) => operation.method === request.method && operation.pattern.test(pathname),
  );
}
