import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A JSON Schema of the document (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

/** One operation of the document, with what the fuzzer needs to call and judge it. */
export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON request body's schema, when the operation takes one. */
  body: Schema | undefined;
  /** Declared statuses, and the JSON schema of each one's body (undefined: no body). */
  /** Per status: the JSON schema, whether a problem body, and every media type declared. */
  responses: Map<number, { json?: Schema; problem: boolean; mediaTypes: string[] }>;
  requiredScope: string | undefined;
  secured: boolean;
}

export type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Schema> };
};

/** The committed contract: what clients are promised, and what the fuzzer holds the server to. */
export const DOCUMENT_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../openapi/openapi.json');

export function loadDocument(path = DOCUMENT_PATH): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

const HTTP_METHODS = ['get', 'post', 'patch', 'put', 'delete'];

type Content = Record<string, { schema: Schema }>;

/** An operation object as the document spells it (only what the fuzzer reads). */
interface RawOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Content };
  responses: Record<string, { content?: Content }>;
  security?: unknown[];
  'x-required-scope'?: string;
}

/** Follows a local `$ref` (`#/components/schemas/X`) to the schema it names. */
export function resolveSchema(document: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  while (current.$ref) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`Unresolved $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => {
      const raw = item[method] as unknown as RawOperation;
      const responses = new Map<number, { json?: Schema; problem: boolean; mediaTypes: string[] }>();
      for (const [status, response] of Object.entries(raw.responses)) {
        const content = response.content ?? {};
        responses.set(Number(status), {
          json: content['application/json']?.schema,
          problem: content['application/problem+json'] !== undefined,
          mediaTypes: Object.keys(content),
        });
      }
      return {
        operationId: raw.operationId as string,
        method,
        path,
        parameters: raw.parameters ?? [],
        body: raw.requestBody?.content?.['application/json']?.schema,
        responses,
        requiredScope: raw['x-required-scope'],
        secured: Array.isArray(raw.security) && raw.security.length > 0,
      };
    }),
  );
}
