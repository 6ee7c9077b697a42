import { KEY_SCOPES } from '@hearback/spec';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { buildOpenApiDocument } from '../scripts/openapi-document.js';
import { AUTH_RATE_LIMIT_RULES } from '../src/accounts/auth-limits.js';
import {
  AuthProblemSchema,
  AuthSessionSchema,
  AuthStatusSchema,
  SignedInSchema,
  SignedOutSchema,
  SignedUpSchema,
} from '../src/accounts/auth-openapi.js';
import { MCP_SPEC_VERSION } from '../src/mcp/mcp-openapi.js';
import { servedTools } from '../src/mcp/server-backend.js';
import { sessionCookieOf } from './support/accounts.js';
import { createApiKey, type Json } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';
import { connectMcp, MCP_URL } from './support/mcp-client.js';
import { publishedPage } from './support/pages.js';
import { postStart, viewedVisit } from './support/public-page-client.js';

const document = buildOpenApiDocument() as Json;

/**
 * Asserts that the document lists the answer's status for the operation, with the answer's media
 * type (or no body where it lists none), and returns the parsed JSON body, if any.
 */
async function expectDocumented(method: string, path: string, response: Response): Promise<Json> {
  const operation = document.paths[path]?.[method];
  expect(operation, `${method} ${path} is not in the document`).toBeDefined();
  const where = `${method} ${path} answered ${response.status}`;
  const documented = operation.responses[String(response.status)];
  expect(documented, `${where}, a status the document does not list`).toBeDefined();
  const text = await response.text();
  if (!documented.content) {
    expect(text, where).toBe('');
    return undefined;
  }
  const mediaType = response.headers.get('content-type')?.split(';')[0] ?? '';
  expect(Object.keys(documented.content), where).toContain(mediaType);
  return mediaType.endsWith('json') ? JSON.parse(text) : text;
}

/** Parses with the documented schema, so a body that drifts from the document fails here. */
function expectShape<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
  return parsed.data as z.output<T>;
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const ACCEPT_BOTH = 'application/json, text/event-stream';

describeEachDatabase('the document describes what /mcp, /auth and the public pages answer', (bed) => {
  const mcp = (init: { headers?: Record<string, string>; body?: string; method?: string }) =>
    bed().runtime.app.request(MCP_URL, {
      method: init.method ?? 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH, ...init.headers },
      body: init.body,
    });

  it('POST /mcp: a response, a notification, and each refusal as documented', async () => {
    const key = { 'x-service-key': bed().orgA.adminKey };
    const answered = await expectDocumented(
      'post',
      '/mcp',
      await mcp({ headers: key, body: JSON.stringify(INITIALIZE) }),
    );
    expect(answered).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: expect.any(Object) } });
    const notification = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(await expectDocumented('post', '/mcp', await mcp({ headers: key, body: notification }))).toBeUndefined();

    const refusals: [number, Response][] = [
      [400, await mcp({ headers: key, body: '{not json' })],
      [401, await mcp({ body: JSON.stringify(INITIALIZE) })],
      [403, await mcp({ headers: { ...key, origin: 'https://evil.example' }, body: JSON.stringify(INITIALIZE) })],
      [406, await mcp({ headers: { ...key, accept: 'text/html' }, body: JSON.stringify(INITIALIZE) })],
      [415, await mcp({ headers: { ...key, 'content-type': 'text/plain' }, body: JSON.stringify(INITIALIZE) })],
    ];
    for (const [status, response] of refusals) {
      expect(response.status).toBe(status);
      await expectDocumented('post', '/mcp', response);
    }
  });

  it('POST /mcp: links the specification of the protocol version the MCP SDK speaks', () => {
    expect(MCP_SPEC_VERSION).toBe(LATEST_PROTOCOL_VERSION);
    expect(document.paths['/mcp'].post.externalDocs.url).toContain(`/specification/${LATEST_PROTOCOL_VERSION}/`);
  });

  it('POST /mcp: each scope lists the tools the document names for it', async () => {
    const served = new Set(servedTools(bed().runtime.services).map((tool) => tool.name));
    const documentedTools = document.paths['/mcp'].post['x-mcp-tools'] as {
      name: string;
      requiredScope: string;
      acceptedScopes?: string[];
    }[];
    expect(documentedTools.map((tool) => tool.name)).toEqual(expect.arrayContaining([...served]));
    for (const scope of KEY_SCOPES) {
      const key = (await createApiKey(bed(), bed().orgA, { scopes: [scope] })).secret;
      const listed = (await (await connectMcp(bed(), key)).listTools()).tools.map((tool) => tool.name);
      const named = documentedTools
        .filter((tool) => (tool.acceptedScopes ?? [tool.requiredScope]).includes(scope))
        .map((tool) => tool.name)
        .filter((name) => served.has(name));
      expect(listed, scope).toEqual(named);
      // The description says the same, one line a scope.
      for (const name of named)
        expect(document.paths['/mcp'].post.description).toMatch(new RegExp(`${scope}\`: .*${name}`));
    }
  });

  it('the account endpoints: each answer and its body as documented', async () => {
    const request = (path: string, init: { json?: unknown; cookie?: string; method?: string } = {}) =>
      bed().request(path, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: { origin: 'http://localhost', ...(init.cookie && { cookie: init.cookie }) },
        ...(init.json !== undefined && { json: init.json }),
      });
    const email = `documented-${Date.now()}@example.com`;
    const password = 'a-long-enough-password';

    const signUp = await request('/auth/sign-up/email', { json: { name: 'Ada', email, password } });
    const cookie = sessionCookieOf(signUp);
    expectShape(SignedUpSchema, await expectDocumented('post', '/auth/sign-up/email', signUp));
    // By invitation (the default) and without one: refused as closed, the address's account untold.
    const again = await request('/auth/sign-up/email', { json: { name: 'Ada', email, password } });
    expect(again.status).toBe(403);
    expect(expectShape(AuthProblemSchema, await expectDocumented('post', '/auth/sign-up/email', again)).code).toBe(
      'signup_closed',
    );

    const signIn = await request('/auth/sign-in/email', { json: { email, password } });
    expect(signIn.status).toBe(200);
    expectShape(SignedInSchema, await expectDocumented('post', '/auth/sign-in/email', signIn));
    const wrong = await request('/auth/sign-in/email', { json: { email, password: `${password}!` } });
    expect(wrong.status).toBe(401);
    expect(expectShape(AuthProblemSchema, await expectDocumented('post', '/auth/sign-in/email', wrong))).toMatchObject({
      code: 'invalid_email_or_password',
      message: 'Invalid email or password',
    });

    const session = expectShape(
      AuthSessionSchema,
      await expectDocumented('get', '/auth/get-session', await request('/auth/get-session', { cookie })),
    );
    expect(session?.user.email).toBe(email);
    expect(
      expectShape(
        AuthSessionSchema,
        await expectDocumented('get', '/auth/get-session', await request('/auth/get-session')),
      ),
    ).toBeNull();

    const reset = await request('/auth/request-password-reset', { json: { email } });
    expectShape(AuthStatusSchema, await expectDocumented('post', '/auth/request-password-reset', reset));
    const badToken = await request('/auth/reset-password', { json: { token: 'nope', newPassword: password } });
    expect(badToken.status).toBe(400);
    expect(expectShape(AuthProblemSchema, await expectDocumented('post', '/auth/reset-password', badToken)).code).toBe(
      'invalid_token',
    );
    const notJson = await bed().request('/auth/reset-password', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'text/plain' },
      body: 'token=nope',
    });
    expect(notJson.status).toBe(415);
    expectShape(AuthProblemSchema, await expectDocumented('post', '/auth/reset-password', notJson));

    const signOut = await request('/auth/sign-out', { method: 'POST', json: {}, cookie });
    expectShape(SignedOutSchema, await expectDocumented('post', '/auth/sign-out', signOut));
  });

  it('the account endpoints: a rate limit as documented, with the headers the document names', async () => {
    const { max } = AUTH_RATE_LIMIT_RULES['/sign-in/email'];
    let answer: Response | undefined;
    for (let attempt = 0; attempt <= max; attempt++) {
      answer = await bed().runtime.app.request(
        '/auth/sign-in/email',
        {
          method: 'POST',
          headers: { origin: 'http://localhost', 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'guess' }),
        },
        { incoming: { socket: { remoteAddress: '198.51.100.30' } } },
      );
    }
    const limited = answer as Response;
    expect(limited.status).toBe(429);
    const documentedHeaders = Object.keys(document.paths['/auth/sign-in/email'].post.responses['429'].headers);
    for (const header of documentedHeaders) expect(limited.headers.get(header), header).toMatch(/^\d+$/);
    expect(expectShape(AuthProblemSchema, await expectDocumented('post', '/auth/sign-in/email', limited)).code).toBe(
      'rate_limited',
    );
  });

  it('a published page: the JSON response, the form, the start and the challenge as documented', async () => {
    // Without a captcha, so that answers reach the rules of the questions (a captcha refusal is a 400 too).
    const page = await publishedPage(bed(), { settings: { captcha: false } });
    const path = `/f/${bed().orgA.organization.slug}/${page.slug}`;
    const documentedPath = '/f/{orgSlug}/{pageSlug}';
    const questionId = page.questions[0].id as string;
    const post = (body: string, contentType: string, pagePath = path) =>
      bed().runtime.app.request(pagePath, { method: 'POST', headers: { 'content-type': contentType }, body });

    const stored = await post(JSON.stringify({ answers: { [questionId]: 9 } }), 'application/json');
    expect(stored.status).toBe(201);
    expect(await expectDocumented('post', documentedPath, stored)).toMatchObject({
      id: expect.stringMatching(/^resp_/),
    });
    const refused = await post(JSON.stringify({ answers: { [questionId]: 11 } }), 'application/json');
    expect(refused.status).toBe(400);
    expect(await expectDocumented('post', documentedPath, refused)).toMatchObject({ code: 'validation_failed' });
    const form = await post(
      new URLSearchParams({ [`q.${questionId}`]: '8' }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(200);
    await expectDocumented('post', documentedPath, form);
    const missing = await post('{"answers":{}}', 'application/json', `/f/${bed().orgA.organization.slug}/no-such-page`);
    expect(missing.status).toBe(404);
    await expectDocumented('post', documentedPath, missing);

    const started = await postStart(bed().runtime, path, await viewedVisit(bed().runtime, path));
    expect(started.status).toBe(204);
    await expectDocumented('post', `${documentedPath}/start`, started);
    const unstarted = await postStart(bed().runtime, path);
    expect(unstarted.status).toBe(400);
    expect(await expectDocumented('post', `${documentedPath}/start`, unstarted)).toMatchObject({
      code: 'validation_failed',
    });
    const challenge = await bed().runtime.app.request(`${path}/challenge`);
    expect(challenge.status).toBe(200);
    await expectDocumented('get', `${documentedPath}/challenge`, challenge);
    const noChallenge = await bed().runtime.app.request(`/f/${bed().orgA.organization.slug}/no-such-page/challenge`);
    expect(noChallenge.status).toBe(404);
    await expectDocumented('get', `${documentedPath}/challenge`, noChallenge);
  });
});
