import fc from 'fast-check';
import { applyBodyMutation, bodyMutation, encodeText, hostileParameter } from './mutations.js';
import type { OpenApiDocument, Operation, Parameter, Schema } from './openapi-operations.js';
import { resolveSchema } from './openapi-operations.js';
import { type Fixtures, type PoolName, PRINCIPALS, type PrincipalName } from './principals.js';
import { arbitraryOf, type Hints } from './schema-arbitraries.js';

/** One concrete request, and how it was made (for the report of a failure). */
export interface RequestCase {
  operation: Operation;
  principal: PrincipalName;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** What was spoiled on purpose: empty for a request built valid from the schema. */
  mutations: string[];
}

const PATH_POOLS: Record<string, PoolName> = {
  id: 'feedback',
  note: 'note',
  inboxId: 'inbox',
  brandId: 'brand',
  keyId: 'key',
  hookId: 'hook',
  automationId: 'automation',
  deliveryId: 'delivery',
  pageId: 'page',
  responseId: 'response',
  viewId: 'view',
  userId: 'user',
  inviteId: 'invite',
  domain: 'domain',
};

const ISSUE_URLS = [
  'https://github.com/acme/app/issues/12',
  'https://gitlab.com/acme/app/-/issues/3',
  'https://acme.atlassian.net/browse/PROJ-7',
  'https://linear.app/acme/issue/ENG-1/title',
  'https://app.asana.com/0/1/2',
  'https://example.com/not-a-tracker',
];

/** A small set, so keys repeat across requests: replays, and reuse with another body (422). */
const IDEMPOTENCY_KEYS = ['fuzz-1', 'fuzz-2', 'fuzz-3', 'fuzz-4', 'fuzz-5', 'fuzz-6'];
const HOSTILE_HEADER_VALUES = ['', ' ', 'x'.repeat(255), 'x'.repeat(256), 'é', 'a b', '\u00ff\u00fe', '%00'];

function pick<T>(items: readonly T[]): fc.Arbitrary<T> {
  return items.length > 0 ? fc.constantFrom(...items) : (fc.constant(undefined) as fc.Arbitrary<T>);
}

/** Known values for members and query parameters of these names, drawn from the fixtures. */
function hintsFor(fixtures: Fixtures): Hints {
  return (name) => {
    switch (name) {
      case 'inboxKey':
        return fc.oneof({ weight: 9, arbitrary: pick(fixtures.pools.inboxKey) }, { weight: 1, arbitrary: fc.string() });
      case 'brandId':
        return fc.oneof(
          { weight: 8, arbitrary: pick(fixtures.pools.brand) },
          { weight: 2, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.constantFrom('', 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s') },
        );
      case 'inboxId':
        return pick(fixtures.pools.inbox);
      case 'token':
        return fc.oneof(
          { weight: 4, arbitrary: pick(fixtures.pools.inviteToken) },
          { weight: 1, arbitrary: fc.string() },
        );
      case 'userId':
        return fc.oneof({ weight: 4, arbitrary: pick(fixtures.pools.user) }, { weight: 1, arbitrary: fc.string() });
      case 'plan':
        // Mostly the unlimited plan: a capped organization A would refuse much of the rest of the run.
        return fc.oneof(
          { weight: 8, arbitrary: fc.constant('enterprise') },
          { weight: 1, arbitrary: fc.constant('team') },
        );
      case 'score':
        // Most types' ranges overlap here, so most generated submissions are valid.
        return fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: 0, max: 5 }) },
          { weight: 1, arbitrary: fc.constant(null) },
        );
      case 'eventId':
        // Few ids, so submissions repeat them (text that is not valid Unicode included).
        return fc.oneof(fc.constantFrom('evt-1', 'evt-2', '\ud800x', 'évt-☃'), fc.uuid());
      case 'url':
        return fc.oneof({ weight: 4, arbitrary: pick(ISSUE_URLS) }, { weight: 1, arbitrary: fc.webUrl() });
      case 'targetUrl':
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('https://hooks.example.com/catch/2', 'http://127.0.0.1:8080/hook') },
          { weight: 1, arbitrary: fc.webUrl() },
          { weight: 1, arbitrary: fc.constantFrom('ftp://example.com/x', '/relative', 'javascript:alert(1)') },
        );
      case 'from':
      case 'since':
      case 'to':
        return fc.oneof(
          fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
            .map((date) => date.toISOString()),
          fc.constantFrom('2026-11-01', '2026-02-30', 'yesterday'),
        );
      case 'cursor':
        return fc.constantFrom('bogus', 'eyJ4IjoxfQ', '');
      default:
        return undefined;
    }
  };
}

function pathValue(parameter: Parameter, operation: Operation, fixtures: Fixtures): fc.Arbitrary<string> {
  if (parameter.name === 'noteId') return pathValue({ ...parameter, name: 'note' }, operation, fixtures);
  if (parameter.name === 'orgId') {
    return fc.oneof(
      { weight: 17, arbitrary: fc.constant(fixtures.orgIds.own) },
      { weight: 1, arbitrary: fc.constant(fixtures.orgIds.other) },
      { weight: 1, arbitrary: fc.constant('org_01jd3x2k9v6c4h8m2n5p7q1r3s') },
      { weight: 1, arbitrary: hostileParameter },
    );
  }
  const destructive = operation.method === 'delete' || operation.operationId === 'revokeApiKey';
  const pool = (fixtures.pools[PATH_POOLS[parameter.name] ?? 'feedback'] ?? []).filter(
    (id) => !destructive || !fixtures.protectedIds.has(id),
  );
  return fc.oneof(
    { weight: 8, arbitrary: pool.length > 0 ? fc.constantFrom(...pool).map(encodeURIComponent) : fc.constant('none') },
    { weight: 1, arbitrary: fc.constant('fb_01jd3x2k9v6c4h8m2n5p7q1r3s') },
    { weight: 1, arbitrary: hostileParameter },
  );
}

/**
 * A query parameter's values: one, or for a list (`style: form`, `explode: true`, as `tag` is) one
 * per element, sent as the parameter repeated (`?tag=a&tag=b`).
 */
function queryValue(document: OpenApiDocument, parameter: Parameter, hints: Hints): fc.Arbitrary<string[] | undefined> {
  const valid = (hints(parameter.name) ?? arbitraryOf(document, parameter.schema, hints)).map((value) => {
    if (value === null || value === undefined) return undefined;
    const values = Array.isArray(value) ? value : [value];
    return values.length === 0 ? undefined : values.map((each) => encodeText(String(each)));
  });
  return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: valid });
}

function authHeaders(principal: PrincipalName, fixtures: Fixtures): fc.Arbitrary<Record<string, string>> {
  const session = fixtures.sessions[principal];
  if (session) {
    // A browser's request, now and then from another origin (refused: CSRF).
    return fc.oneof(
      { weight: 9, arbitrary: fc.constant({ cookie: session, origin: 'http://localhost' }) },
      { weight: 1, arbitrary: fc.constant({ cookie: session, origin: 'https://evil.example' }) },
    );
  }
  const key = fixtures.keys[principal];
  if (!key) {
    const junk: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { 'x-service-key': 'hb_' },
      { 'x-service-key': 'hb_key_x_y' },
      {},
    ];
    return fc.constantFrom(...junk);
  }
  return fc.oneof(
    { weight: 16, arbitrary: fc.constant({ 'x-service-key': key }) },
    { weight: 3, arbitrary: fc.constant({ authorization: `Bearer ${key}` }) },
    { weight: 1, arbitrary: fc.constant({ 'x-service-key': `${key}x` }) },
  );
}

type Mutation = 'none' | 'body' | 'query' | 'path' | 'header';

/**
 * Requests for one operation: valid per the document (members, parameters and headers generated
 * from its schemas, ids from the fixtures) or with one part spoiled, sent as any principal.
 */
export function requestCaseOf(
  document: OpenApiDocument,
  operation: Operation,
  fixtures: Fixtures,
  accepts: (schema: Schema, value: unknown) => boolean,
): fc.Arbitrary<RequestCase> {
  const hints = hintsFor(fixtures);
  const parameters = (where: Parameter['in']) => operation.parameters.filter((parameter) => parameter.in === where);
  const pathParameters = parameters('path');
  const queryParameters = parameters('query');
  const idempotency = parameters('header').find((parameter) => parameter.name === 'idempotency-key');
  const bodySchema = operation.body ? resolveSchema(document, operation.body) : undefined;
  const mutationKinds: Mutation[] = ['none', 'none', 'none', 'none', 'path', 'header'];
  if (bodySchema) mutationKinds.push('body', 'body', 'body', 'body');
  if (queryParameters.length > 0) mutationKinds.push('query', 'query');

  return fc
    .record({
      principal: fc.oneof(
        { weight: 5, arbitrary: fc.constant('admin' as const) },
        { weight: 5, arbitrary: fc.constantFrom(...PRINCIPALS) },
      ),
      mutation: fc.constantFrom(...mutationKinds),
      path: fc.tuple(...pathParameters.map((parameter) => pathValue(parameter, operation, fixtures))),
      query: fc.tuple(...queryParameters.map((parameter) => queryValue(document, parameter, hints))),
      badQuery: fc.record({ at: fc.nat(), value: hostileParameter }),
      idempotencyKey: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constantFrom(...IDEMPOTENCY_KEYS) },
      ),
      badHeader: fc.constantFrom(...HOSTILE_HEADER_VALUES),
      // Kept only when the whole schema accepts it: rules across members (a score for its type)
      // are written as `allOf`/`if`, which the generator does not build towards.
      body: operation.body
        ? arbitraryOf(document, operation.body, hints).filter((value) => accepts(operation.body as Schema, value))
        : fc.constant(undefined),
      bodyMutation: bodyMutation(Object.keys(bodySchema?.properties ?? {})),
    })
    .chain((draft) => authHeaders(draft.principal, fixtures).map((auth) => ({ ...draft, auth })))
    .map((draft): RequestCase => {
      const mutations: string[] = [];
      let path = operation.path;
      const pathValues = [...draft.path];
      if (draft.mutation === 'path' && pathValues.length > 0) {
        const at = pathValues.length - 1;
        pathValues[at] = draft.badQuery.value || '%20';
        mutations.push(`path ${pathParameters[at]?.name}`);
      }
      // A note is drawn with its feedback item (`fb_… note_…`): both fill the path, as they belong.
      const note = pathParameters.findIndex((parameter) => parameter.name === 'noteId');
      const [feedbackId, noteId] = note >= 0 ? (pathValues[note] ?? '').split('%20') : [];
      if (noteId !== undefined) {
        pathValues[note] = noteId;
        pathValues[pathParameters.findIndex((parameter) => parameter.name === 'id')] = feedbackId ?? '';
      }
      pathParameters.forEach((parameter, index) => {
        path = path.replace(`{${parameter.name}}`, pathValues[index] ?? '');
      });
      const query: [string, string][] = [];
      queryParameters.forEach((parameter, index) => {
        for (const value of draft.query[index] ?? []) query.push([parameter.name, value]);
      });
      if (draft.mutation === 'query' && queryParameters.length > 0) {
        const parameter = queryParameters[draft.badQuery.at % queryParameters.length] as Parameter;
        const kept = query.filter(([name]) => name !== parameter.name);
        query.splice(0, query.length, ...kept, [parameter.name, draft.badQuery.value]);
        mutations.push(`query ${parameter.name}`);
      }
      const headers: Record<string, string> = { ...draft.auth };
      if (idempotency && draft.idempotencyKey) headers['idempotency-key'] = draft.idempotencyKey;
      if (draft.mutation === 'header') {
        headers['idempotency-key'] = draft.badHeader;
        mutations.push('header idempotency-key');
      }
      let body: string | undefined;
      if (bodySchema) {
        const sent =
          draft.mutation === 'body'
            ? applyBodyMutation(draft.body, draft.bodyMutation)
            : { text: JSON.stringify(draft.body), contentType: 'application/json' };
        if (draft.mutation === 'body') mutations.push(`body ${describeBodyMutation(draft.bodyMutation)}`);
        body = sent.text;
        if (sent.contentType) headers['content-type'] = sent.contentType;
      }
      const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
      return {
        operation,
        principal: draft.principal,
        method: operation.method.toUpperCase(),
        url: `${path}${search ? `?${search}` : ''}`,
        headers,
        body,
        mutations,
      };
    });
}

function describeBodyMutation(
  mutation: ReturnType<typeof bodyMutation> extends fc.Arbitrary<infer M> ? M : never,
): string {
  switch (mutation.kind) {
    case 'member':
    case 'extra':
      return `${mutation.kind} ${mutation.name}`;
    case 'drop':
      return `drop ${mutation.name}`;
    case 'replace':
      return 'replace whole body';
    case 'raw':
      return `raw ${JSON.stringify(mutation.text)} as ${mutation.contentType ?? 'no content-type'}`;
  }
}
