import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, Operation, Parameter, Schema } from './openapi-operations.js';
import type { RequestCase } from './request-cases.js';

export type FailureKind =
  | 'server-error'
  | 'undeclared-status'
  | 'not-a-problem'
  | 'invalid-error-body'
  | 'invalid-success-body'
  | 'accepted-invalid-request';

/**
 * A dot segment (`/organizations/..`) is resolved by the URL parser before anything is sent: the
 * request names another path, and that path's redirect (the root's, to the dashboard) is no answer
 * of the operation drawn. Other statuses are still checked against the operation.
 */
const resolvesElsewhere = (url: string) => /\/\.\.?(?=[/?#]|$)/.test(url);

export interface Failure {
  kind: FailureKind;
  detail: string;
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const BASE = 'https://hearback.test/openapi.json';

/** `#/components/...` refs made absolute, so schemas cut out of the document resolve against it. */
function absolute(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absolute);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${BASE}${value}` : absolute(value),
    ]),
  );
}

/**
 * Holds answers to the document: declared statuses, problem bodies with a documented `code`,
 * success bodies valid against their schema (JSON Schema 2020-12, as OpenAPI 3.1 says), and no
 * success for a request the document's own schemas refuse.
 */
export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  private readonly compiled = new Map<Schema, ValidateFunction>();
  private readonly problem: ValidateFunction;

  constructor(document: OpenApiDocument) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: BASE, components: document.components });
    this.problem = this.validatorOf({ $ref: '#/components/schemas/Problem' });
  }

  private validatorOf(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(absolute(schema) as object);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Whether the schema (of the document) accepts the value. */
  accepts(schema: Schema, value: unknown): boolean {
    return this.validatorOf(schema)(value) === true;
  }

  private errorsOf(validate: ValidateFunction): string {
    return this.ajv.errorsText(validate.errors, { separator: '; ' });
  }

  /** Every way the answer breaks the contract (empty: it keeps it). */
  check(request: RequestCase, answer: Answer): Failure[] {
    const { operation } = request;
    const failures: Failure[] = [];
    if (answer.status >= 500)
      failures.push({ kind: 'server-error', detail: `${answer.status} ${answer.text.slice(0, 300)}` });
    const declared = operation.responses.get(answer.status);
    if (!declared && !(resolvesElsewhere(request.url) && answer.status >= 300 && answer.status < 400))
      failures.push({ kind: 'undeclared-status', detail: `${answer.status} ${answer.text.slice(0, 300)}` });
    if (answer.status >= 400) failures.push(...this.checkError(declared, answer));
    else if (declared) failures.push(...this.checkSuccess(operation, declared, answer));
    if (answer.status >= 200 && answer.status < 300) {
      const refused = this.refusal(request);
      if (refused) failures.push({ kind: 'accepted-invalid-request', detail: refused });
    }
    return failures;
  }

  /**
   * An error is a problem body, unless the document declares another body for its status: what
   * answers for another protocol at the same address (JSON-RPC on `/mcp`, better-auth's errors, a
   * page's HTML for people). The operation table's operations declare problems alone.
   */
  private checkError(declared: { json?: Schema; mediaTypes: string[] } | undefined, answer: Answer): Failure[] {
    const mediaType = answer.contentType.split(';')[0]?.trim() ?? '';
    if (mediaType === 'application/problem+json' || !declared?.mediaTypes.includes(mediaType)) {
      return this.checkProblem(answer);
    }
    if (mediaType !== 'application/json' || !declared.json) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [{ kind: 'invalid-error-body', detail: `not JSON: ${answer.text.slice(0, 200)}` }];
    }
    const validate = this.validatorOf(declared.json);
    return validate(body) ? [] : [{ kind: 'invalid-error-body', detail: this.errorsOf(validate) }];
  }

  private checkProblem(answer: Answer): Failure[] {
    if (!answer.contentType.startsWith('application/problem+json')) {
      return [{ kind: 'not-a-problem', detail: `content-type ${answer.contentType}: ${answer.text.slice(0, 200)}` }];
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [{ kind: 'not-a-problem', detail: `not JSON: ${answer.text.slice(0, 200)}` }];
    }
    if (!this.problem(body)) return [{ kind: 'not-a-problem', detail: this.errorsOf(this.problem) }];
    const status = (body as { status: number }).status;
    if (status !== answer.status)
      return [{ kind: 'not-a-problem', detail: `body status ${status} on a ${answer.status}` }];
    return [];
  }

  private checkSuccess(
    operation: Operation,
    declared: { json?: Schema; mediaTypes: string[] },
    answer: Answer,
  ): Failure[] {
    const schema = declared.json;
    const mediaType = answer.contentType.split(';')[0]?.trim() ?? '';
    // A document that is not JSON (a QR code, a flyer, an export): its media type must be declared.
    // An export declares JSON next to its other formats: a JSON answer is still checked by schema.
    if ((!schema || mediaType !== 'application/json') && declared.mediaTypes.length > 0) {
      return declared.mediaTypes.includes(mediaType)
        ? []
        : [{ kind: 'invalid-success-body', detail: `content-type ${answer.contentType} is not declared` }];
    }
    if (!schema) {
      return answer.text === ''
        ? []
        : [{ kind: 'invalid-success-body', detail: `body on a ${answer.status}: ${answer.text.slice(0, 200)}` }];
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [{ kind: 'invalid-success-body', detail: `not JSON: ${answer.text.slice(0, 200)}` }];
    }
    const validate = this.validatorOf(schema);
    if (validate(body)) return [];
    return [{ kind: 'invalid-success-body', detail: `${operation.operationId}: ${this.errorsOf(validate)}` }];
  }

  /** Why the document refuses the request (query parameters, idempotency key, JSON body), if it does. */
  private refusal(request: RequestCase): string | undefined {
    const { operation } = request;
    const url = new URL(request.url, 'http://fuzz.local');
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query' && parameter.in !== 'header') continue;
      if (isQueryList(parameter)) {
        // Repeated (`?tag=a&tag=b`): the list of its values, each an item of the schema's.
        const values = url.searchParams.getAll(parameter.name);
        if (values.length === 0) continue;
        const validate = this.validatorOf(parameter.schema);
        if (!validate(values)) return `${parameter.in} ${parameter.name}=${JSON.stringify(values)}`;
        continue;
      }
      const raw = parameter.in === 'query' ? url.searchParams.get(parameter.name) : request.headers[parameter.name];
      // An empty query value is no filter (`scoreMax=`, like `source=`), as the server reads it.
      if (raw === null || raw === undefined || (parameter.in === 'query' && raw === '')) continue;
      const value = parameterValue(parameter, raw);
      const validate = this.validatorOf(parameter.schema);
      if (value === undefined || !validate(value)) return `${parameter.in} ${parameter.name}=${JSON.stringify(raw)}`;
    }
    if (!operation.body || request.body === undefined) return undefined;
    const contentType = request.headers['content-type'];
    if (!contentType || !/^application\/([a-z-.]+\+)?json\b/i.test(contentType))
      return `body as ${contentType ?? 'no content-type'}`;
    let body: unknown;
    try {
      // As the server reads it (Request.json() decodes UTF-8 without a leading byte order mark,
      // which RFC 8259 lets a parser ignore): a BOM before valid JSON is valid JSON.
      body = JSON.parse(request.body.replace(/^\uFEFF/, ''));
    } catch {
      return 'body not JSON';
    }
    const validate = this.validatorOf(operation.body);
    return validate(body) ? undefined : `body: ${this.errorsOf(validate)}`;
  }
}

/** A query parameter taking a list of text values, sent repeated (`style: form`, `explode: true`). */
function isQueryList(parameter: Parameter): boolean {
  return parameter.in === 'query' && [parameter.schema.type].flat().includes('array');
}

/** A query or header value as the schema sees it: integers written in decimal digits, booleans as `true`/`false`, else text. */
function parameterValue(parameter: Parameter, raw: string): unknown {
  const types = [parameter.schema.type ?? 'string'].flat();
  if (types.includes('integer') || types.includes('number')) {
    return /^-?\d+$/.test(raw) ? Number(raw) : undefined;
  }
  if (types.includes('boolean')) return raw === 'true' ? true : raw === 'false' ? false : undefined;
  return raw;
}
