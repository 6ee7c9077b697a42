import { describe, expect, it } from 'vitest';
import { NO_SDK_METHOD } from '../src/openapi.js';
import { createBrand, expectJson, expectProblem, type Json } from './support/api.js';
import { describeEachDatabase } from './support/harness.js';

/**
 * A write body with a member the operation does not take is refused with a 400 naming it and the
 * fields it accepts, and changes nothing: a field dropped silently (a typo, a field of another
 * operation) would answer 200 for a change that never happened.
 */
describeEachDatabase('Unknown fields in write bodies', (bed) => {
  const org = () => bed().orgA;
  const orgPath = () => `/organizations/${org().organization.id}`;

  async function send(method: string, path: string, json: unknown, key = org().adminKey): Promise<Response> {
    return bed().request(path, { method, key, json });
  }

  async function expectUnknown(response: Response, field: string, accepted: string): Promise<void> {
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors).toContainEqual({
      path: field,
      message: `Unknown field: ${field.split('.').at(-1)}. Accepted fields: ${accepted}.`,
    });
  }

  it('refuses scopes on PATCH …/api-keys/:id and leaves the key as it was', async () => {
    const created = await expectJson(
      await send('POST', `${orgPath()}/api-keys`, { name: 'Widget', scopes: ['collect'] }),
      201,
    );
    const keyPath = `${orgPath()}/api-keys/${created.id}`;
    await expectUnknown(await send('PATCH', keyPath, { name: 'Renamed', scopes: ['write'] }), 'scopes', 'name');
    const after = await expectJson(await bed().request(keyPath, { key: org().adminKey }), 200);
    expect(after).toMatchObject({ name: 'Widget', scopes: ['collect'] });
  });

  it('refuses plan on PATCH /organizations/:id, naming it, and keeps the name', async () => {
    const response = await send('PATCH', orgPath(), { name: 'Renamed', plan: 'enterprise' });
    await expectUnknown(response, 'plan', 'name, slug, timezone');
    const after = await expectJson(await bed().request(orgPath(), { key: org().adminKey }), 200);
    expect(after.name).toBe(org().organization.name);
  });

  it('names every unknown field, one error each', async () => {
    const response = await send('POST', `${orgPath()}/brands`, { name: 'Acme', color: 'red', logo: 'x.png' });
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.path).sort()).toEqual(['color', 'logo']);
    const brands = await expectJson(await bed().request(`${orgPath()}/brands`, { key: org().adminKey }), 200);
    expect(brands.data.map((brand: Json) => brand.name)).not.toContain('Acme');
  });

  it('refuses an unknown field on every other write', async () => {
    const brand = await createBrand(bed(), org(), 'Strict brand');
    const inbox = org().inbox;
    const collected = await expectJson(
      await send('POST', '/collect', { inboxKey: inbox.inboxKey, type: 'text', comment: 'hello' }, org().collectKey),
      201,
    );
    const feedbackPath = `${orgPath()}/feedback/${collected.id}`;
    const note = await expectJson(await send('POST', `${feedbackPath}/notes`, { body: 'first' }), 201);
    const writes: [string, string, Json, string, string][] = [
      [
        'POST',
        `${orgPath()}/api-keys`,
        { name: 'k', scopes: ['read'], brand: brand.id },
        'brand',
        'name, scopes, brandId, expiresAt',
      ],
      ['PATCH', `${orgPath()}/brands/${brand.id}`, { name: 'b', plan: 'pro' }, 'plan', 'name'],
      ['POST', `${orgPath()}/inboxes`, { name: 'i', inboxKey: 'mine' }, 'inboxKey', 'name, brandId'],
      ['PATCH', `${orgPath()}/inboxes/${inbox.id}`, { name: 'i', archived: true }, 'archived', 'name, brandId'],
      [
        'PATCH',
        feedbackPath,
        { status: 'closed', comment: 'edited' },
        'comment',
        'status, issueLink, assigneeId, tags',
      ],
      ['POST', `${feedbackPath}/notes`, { body: 'n', author: 'me' }, 'author', 'body'],
      ['PATCH', `${feedbackPath}/notes/${note.id}`, { body: 'n', pinned: true }, 'pinned', 'body'],
    ];
    for (const [method, path, body, field, accepted] of writes) {
      await expectUnknown(await send(method, path, body), field, accepted);
    }
    const feedback = await expectJson(await bed().request(feedbackPath, { key: org().adminKey }), 200);
    expect(feedback.status).not.toBe('closed');
  });

  it('refuses an unknown field sent alone at that field only, not also as an empty change of the whole body', async () => {
    const collected = await expectJson(
      await send(
        'POST',
        '/collect',
        { inboxKey: org().inbox.inboxKey, type: 'text', comment: 'alone' },
        org().collectKey,
      ),
      201,
    );
    const view = await expectJson(await send('POST', `${orgPath()}/views`, { name: 'Alone', filters: {} }), 201);
    const page = await expectJson(
      await send('POST', `${orgPath()}/feedback-pages`, {
        title: 'Alone',
        questions: [{ type: 'nps', title: 'Why?' }],
      }),
      201,
    );
    const patches: [string, Json, string][] = [
      [orgPath(), { plan: 'enterprise' }, 'plan'],
      [`${orgPath()}/inboxes/${org().inbox.id}`, { archived: true }, 'archived'],
      [`${orgPath()}/feedback/${collected.id}`, { comment: 'edited' }, 'comment'],
      [`${orgPath()}/views/${view.id}`, { pinned: true }, 'pinned'],
      [`${orgPath()}/feedback-pages/${page.id}`, { published: true }, 'published'],
    ];
    for (const [path, body, field] of patches) {
      const problem = await expectProblem(await send('PATCH', path, body), 400, 'validation_failed');
      expect([path, problem.errors?.map((error) => error.path)]).toEqual([path, [field]]);
    }
  });

  it('refuses a typo at the top of /collect (scroe), and stores nothing', async () => {
    const body = { inboxKey: org().inbox.inboxKey, type: 'thumbs', score: 1, scroe: 0, eventId: 'typo-1' };
    await expectUnknown(
      await send('POST', '/collect', body, org().collectKey),
      'scroe',
      'inboxKey, type, score, comment, context, eventId',
    );
    const retried = await send('POST', '/collect', { ...body, scroe: undefined }, org().collectKey);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    await expectJson(retried, 201);
  });

  it('keeps context on /collect free-form', async () => {
    const context = { source: 'widget', anything: { nested: [1, 'two'] }, 'any key': true };
    const body = { inboxKey: org().inbox.inboxKey, type: 'thumbs', score: 1, context };
    const created = await expectJson(await send('POST', '/collect', body, org().collectKey), 201);
    const stored = await expectJson(
      await bed().request(`${orgPath()}/feedback/${created.id}`, { key: org().adminKey }),
      200,
    );
    expect(stored.context).toMatchObject(context);
  });

  it('refuses an unknown field in search filters, naming its path', async () => {
    const response = await send('POST', `${orgPath()}/search`, { query: 'slow', filters: { scoreMn: 3 } });
    await expectUnknown(
      response,
      'filters.scoreMn',
      'type, scoreMin, scoreMax, from, to, inboxId, brandId, source, status, q, assigneeId, unassigned, tag',
    );
    await expectUnknown(
      await send('POST', `${orgPath()}/search`, { query: 'slow', limt: 3 }),
      'limt',
      'query, limit, filters, mode',
    );
  });
});

describe('The document', () => {
  it('declares additionalProperties: false on every object of every request body but context', async () => {
    const { default: document } = await import('../../../openapi/openapi.json', { with: { type: 'json' } });
    const schemas = document.components.schemas as Record<string, Json>;
    const resolve = (schema: Json): Json => (schema?.$ref ? schemas[schema.$ref.split('/').at(-1)] : schema);
    const open: string[] = [];
    const visit = (schema: Json, where: string): void => {
      const resolved = resolve(schema);
      if (!resolved || typeof resolved !== 'object') return;
      for (const variant of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) visit(variant, where);
      if (resolved.type !== 'object' && !Array.isArray(resolved.type)) return;
      if (resolved.properties === undefined) return; // A record (a page response's `context`): free-form by design.
      // A feedback's `context` types the members it names and takes any other: free-form by design too.
      if (where.endsWith('.context')) {
        expect(resolved.additionalProperties, where).toEqual({});
        return;
      }
      if (resolved.additionalProperties !== false) open.push(where);
      for (const [name, property] of Object.entries(resolved.properties)) visit(property, `${where}.${name}`);
    };
    let bodies = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        // Served outside the operation table (the MCP SDK, better-auth, a page's script): their bodies
        // are read by those, not by writeInput(); the document says what they take.
        if (operation[NO_SDK_METHOD] === false) continue;
        bodies += 1;
        visit(schema, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(11);
    expect(open).toEqual([]);
  });
});
