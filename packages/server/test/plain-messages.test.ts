import { beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestUser } from './support/accounts.js';
import { expectJson, expectProblem, type Json } from './support/api.js';
import { describeEachDatabase } from './support/harness.js';

/**
 * A 400's field errors read as plain sentences wherever the request is wrong (body, query string,
 * path, header, the `/collect` fast path): a schema's own message where it has one, else the plain
 * message of the rule ("At most 200 characters."), never zod's default English
 * ("Too small: expected string to have >=1 characters").
 */
describeEachDatabase('Plain validation messages', (bed) => {
  const org = () => bed().orgA;
  const orgPath = () => `/organizations/${org().organization.id}`;
  const createBrand = (json: unknown, headers: Record<string, string> = {}) =>
    bed().request(`${orgPath()}/brands`, { method: 'POST', key: org().adminKey, json, headers });

  async function brandNames(): Promise<string[]> {
    const brands = await expectJson(await bed().request(`${orgPath()}/brands`, { key: org().adminKey }), 200);
    return brands.data.map((brand: Json) => brand.name);
  }

  async function errorsOf(response: Response): Promise<Json[]> {
    const problem = await expectProblem(response, 400, 'validation_failed');
    for (const error of problem.errors ?? []) {
      expect(error.message).toMatch(/\.$/);
      expect(error.message).not.toMatch(/>=|<=|expected|received|Invalid input|Invalid option|Too small|Too big/);
      expect(problem.detail).toContain(`${error.path}: ${error.message}`);
    }
    return problem.errors ?? [];
  }

  describe('in a JSON body', () => {
    it.each([
      ['an empty name', { name: '' }, 'Must not be empty.'],
      ['a name over the limit', { name: 'x'.repeat(201) }, 'At most 200 characters.'],
      ['a number for a name', { name: 5 }, 'Must be text.'],
      ['no name', {}, 'Required.'],
    ])('refuses %s with a plain message, creating nothing', async (_what, json, message) => {
      expect(await errorsOf(await createBrand(json))).toEqual([{ path: 'name', message }]);
      expect(await brandNames()).toEqual([]);
    });

    it('says to choose at least one event for an automation with none', async () => {
      const json = { name: 'Alerts', events: [], webhook: { url: 'https://hooks.example.com/in' } };
      const response = await bed().request(`${orgPath()}/automations`, { method: 'POST', key: org().adminKey, json });
      expect(await errorsOf(response)).toEqual([{ path: 'events', message: 'Choose at least one.' }]);
    });

    it("keeps a schema's own message, and names an unknown field with the fields accepted", async () => {
      const json = {
        name: 'Alerts',
        events: ['feedback.created'],
        filter: { scoreMin: 4, scoreMax: 2 },
        webhook: { url: 'https://hooks.example.com/in' },
      };
      const response = await bed().request(`${orgPath()}/automations`, { method: 'POST', key: org().adminKey, json });
      expect(await errorsOf(response)).toEqual([
        { path: 'filter.scoreMax', message: 'Must be at least the lowest score.' },
      ]);
      expect(await errorsOf(await createBrand({ name: 'Acme', typ: 'x' }))).toEqual([
        { path: 'typ', message: 'Unknown field: typ. Accepted fields: name.' },
      ]);
    });
  });

  it('answers the 400 body the README shows (API conventions)', async () => {
    const response = await createBrand({ name: '', colour: 'red' });
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: 'https://hearback.dev/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail:
        'The request body is invalid: name: Must not be empty.; colour: Unknown field: colour. Accepted fields: name.',
      code: 'validation_failed',
      requestId: response.headers.get('x-request-id'),
      errors: [
        { path: 'name', message: 'Must not be empty.' },
        { path: 'colour', message: 'Unknown field: colour. Accepted fields: name.' },
      ],
    });
  });

  it('names the allowed values on /collect (its fast path parses the body itself)', async () => {
    const collect = (json: Record<string, unknown>) =>
      bed().request('/collect', {
        method: 'POST',
        key: org().collectKey,
        json: { inboxKey: org().inbox.inboxKey, ...json },
      });
    expect(await errorsOf(await collect({ type: 'star', score: 1 }))).toEqual([
      { path: 'type', message: 'Must be one of: thumbs, stars, nps, csat, emoji, text.' },
    ]);
    expect(await errorsOf(await collect({ type: 'stars', score: 'five' }))).toEqual([
      { path: 'score', message: 'Must be a number.' },
    ]);
  });

  it('in the query string', async () => {
    const response = await bed().request(`${orgPath()}/feedback?type=star&limit=0`, { key: org().adminKey });
    expect(await errorsOf(response)).toEqual([
      { path: 'limit', message: 'At least 1.' },
      { path: 'type', message: 'Must be one of: thumbs, stars, nps, csat, emoji, text.' },
    ]);
  });

  it('in a header', async () => {
    const response = await createBrand({ name: 'Acme' }, { 'idempotency-key': 'k'.repeat(256) });
    expect(await errorsOf(response)).toEqual([{ path: 'idempotency-key', message: 'At most 255 characters.' }]);
    expect(await brandNames()).toEqual([]);
  });

  describe('in the path', () => {
    let admin: TestUser;
    beforeAll(async () => {
      admin = await memberWithRole(bed(), org(), 'admin');
    });

    it('states the length of a domain name past its limit', async () => {
      const domain = `${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.com`;
      const response = await bed().request(`${orgPath()}/sso/domains/${domain}/verify`, {
        method: 'POST',
        session: admin.session,
      });
      expect(await errorsOf(response)).toEqual([{ path: 'domain', message: 'At most 253 characters.' }]);
    });
  });
});
