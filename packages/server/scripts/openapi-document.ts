import { createApp } from '../src/app.js';
import { openApiDocument } from '../src/openapi.js';
import type { Services } from '../src/services/index.js';

/**
 * The OpenAPI document of the app, built without a database: routes and schemas are all the
 * document needs, and no request reaches the services here, so none are wired.
 *
 * @example
 * const document = buildOpenApiDocument();
 */
export function buildOpenApiDocument() {
  const app = createApp({
    services: {} as Services,
    isReady: async () => false,
    collectBodyLimit: 0,
    bodyLimit: 0,
  });
  return openApiDocument(app);
}

/** The committed form of the document: two-space JSON with a trailing newline. */
export function serializeOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
