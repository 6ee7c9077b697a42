import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NON_SDK_OPERATIONS_PATH, renderNonSdkOperations } from './non-sdk-operations.js';
import { buildOpenApiDocument, serializeOpenApiDocument } from './openapi-document.js';
import { OPERATION_SCOPES_PATH, renderOperationScopes } from './operation-scopes.js';

/** Where the contract lives: the repository root's `openapi/openapi.json`. */
export const OPENAPI_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../openapi/openapi.json');

const document = buildOpenApiDocument();
mkdirSync(dirname(OPENAPI_PATH), { recursive: true });
writeFileSync(OPENAPI_PATH, serializeOpenApiDocument(document));
process.stdout.write(`Wrote ${relative(process.cwd(), OPENAPI_PATH)}\n`);
writeFileSync(OPERATION_SCOPES_PATH, renderOperationScopes(document));
process.stdout.write(`Wrote ${relative(process.cwd(), OPERATION_SCOPES_PATH)}\n`);
writeFileSync(NON_SDK_OPERATIONS_PATH, renderNonSdkOperations(document));
process.stdout.write(`Wrote ${relative(process.cwd(), NON_SDK_OPERATIONS_PATH)}\n`);
