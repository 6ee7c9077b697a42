import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBrand,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { automationInput } from '../../../test/support/automations.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

describeEachDatabase('Secrets', (bed) => {
  const orgA = () => bed().orgA;
  const secretsPath = (org: BootstrappedOrganization = orgA()) => `/organizations/${org.organization.id}/secrets`;
  const valuesOf = (org: BootstrappedOrganization = orgA()) =>
    bed().runtime.services.organizationSecrets.valuesFor(org.organization.id);
  const create = async (name: string, value: string, org: BootstrappedOrganization = orgA()) =>
    expectJson(
      await bed().request(secretsPath(org), { method: 'POST', key: org.adminKey, json: { name, value } }),
      201,
    );
  let unique = 0;
  const uniqueName = (prefix: string) => `${prefix}_${++unique}`;

  describe('create, list, put, delete', () => {
    it('creates a secret: the answer and the list show its name and times, never its value', async () => {
      const response = await bed().request(secretsPath(), {
        method: 'POST',
        key: orgA().adminKey,
        json: { name: 'SLACK_TOKEN', value: 'xoxb-first-value' },
      });
      const text = await response.clone().text();
      const created = await expectJson(response, 201);
      expect(created).toEqual({ name: 'SLACK_TOKEN', createdAt: expect.any(String), updatedAt: created.createdAt });
      expect(text).not.toContain('xoxb-first-value');

      const listResponse = await bed().request(`${secretsPath()}?limit=200`, { key: orgA().adminKey });
      const listText = await listResponse.clone().text();
      expect((await expectJson(listResponse, 200)).data).toContainEqual(created);
      expect(listText).not.toContain('xoxb-first-value');
      // What the webhook renderer gets: the value, opened.
      expect((await valuesOf()).get('SLACK_TOKEN')).toBe('xoxb-first-value');
    });

    it('refuses a second secret of the same name with 409 conflict, keeping the first value', async () => {
      await create('DUPLICATE_ME', 'the-first-value');
      const problem = await expectProblem(
        await bed().request(secretsPath(), {
          method: 'POST',
          key: orgA().adminKey,
          json: { name: 'DUPLICATE_ME', value: 'the-second-value' },
        }),
        409,
        'conflict',
      );
      expect(problem.detail).toContain('PUT');
      expect(JSON.stringify(problem)).not.toMatch(/the-(first|second)-value/);
      expect((await valuesOf()).get('DUPLICATE_ME')).toBe('the-first-value');
    });

    it('of concurrent creates of one name, exactly one succeeds; the others answer 409 and its value stays', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          bed().request(secretsPath(), {
            method: 'POST',
            key: orgA().adminKey,
            json: { name: 'RACED', value: `raced-value-${index}` },
          }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(5);
      const winner = statuses.indexOf(201);
      expect((await valuesOf()).get('RACED')).toBe(`raced-value-${winner}`);
    });

    it('PUT creates a secret when absent and replaces its value when present (200 both times)', async () => {
      const path = `${secretsPath()}/WEBHOOK_PASSWORD`;
      const createdResponse = await bed().request(path, {
        method: 'PUT',
        key: orgA().adminKey,
        json: { value: 'put-created' },
      });
      const created = await expectJson(createdResponse, 200);
      expect(created).toEqual({
        name: 'WEBHOOK_PASSWORD',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect((await valuesOf()).get('WEBHOOK_PASSWORD')).toBe('put-created');

      const replacedResponse = await bed().request(path, {
        method: 'PUT',
        key: orgA().adminKey,
        json: { value: 'put-replaced' },
      });
      const text = await replacedResponse.clone().text();
      const replaced = await expectJson(replacedResponse, 200);
      expect(replaced).toMatchObject({ name: 'WEBHOOK_PASSWORD', createdAt: created.createdAt });
      expect(replaced.updatedAt >= created.updatedAt).toBe(true);
      expect(text).not.toContain('put-replaced');
      expect((await valuesOf()).get('WEBHOOK_PASSWORD')).toBe('put-replaced');
      const listed = await expectJson(await bed().request(`${secretsPath()}?limit=200`, { key: orgA().adminKey }), 200);
      expect(listed.data.filter((secret: Json) => secret.name === 'WEBHOOK_PASSWORD')).toEqual([replaced]);
    });

    it('deletes a secret (204): gone from the list and from rendering; a second delete is 404', async () => {
      await create('DOOMED', 'doomed-value');
      const path = `${secretsPath()}/DOOMED`;
      const response = await bed().request(path, { method: 'DELETE', key: orgA().adminKey });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      const listed = await expectJson(await bed().request(`${secretsPath()}?limit=200`, { key: orgA().adminKey }), 200);
      expect(listed.data.map((secret: Json) => secret.name)).not.toContain('DOOMED');
      expect((await valuesOf()).has('DOOMED')).toBe(false);
      const problem = await expectProblem(
        await bed().request(path, { method: 'DELETE', key: orgA().adminKey }),
        404,
        'not_found',
      );
      expect(problem.detail).toBe('Secret DOOMED was not found.');
    });

    it('refuses to delete a secret an automation uses, enabled or not (409 secret_in_use naming them), and deletes nothing', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Secrets in use' });
      await create('TMP_TOKEN', 'tmp-token-value', org);
      const automations = `/organizations/${org.organization.id}/automations`;
      const createAutomation = async (name: string, webhook: Record<string, unknown>) =>
        expectJson(
          await bed().request(automations, {
            method: 'POST',
            key: org.adminKey,
            json: automationInput({ name, webhook: { url: 'https://hooks.example.com/h', ...webhook } }),
          }),
          201,
        );
      const inHeader = await createAutomation('Header user', {
        headers: { Authorization: 'Bearer {{secrets.TMP_TOKEN}}' },
      });
      const inBody = await createAutomation('Body user', { body: { token: '{{ secrets.TMP_TOKEN }}' } });
      await createAutomation('Another secret', { headers: { Authorization: 'Bearer {{secrets.TMP_TOKEN_2}}' } });
      await expectJson(
        await bed().request(`${automations}/${inBody.id}`, {
          method: 'PATCH',
          key: org.adminKey,
          json: { enabled: false },
        }),
        200,
      );

      const path = `${secretsPath(org)}/TMP_TOKEN`;
      const problem = await expectProblem(
        await bed().request(path, { method: 'DELETE', key: org.adminKey }),
        409,
        'secret_in_use',
      );
      expect(problem.automations).toEqual(
        [
          { id: inHeader.id, name: 'Header user', kind: 'automation' },
          { id: inBody.id, name: 'Body user', kind: 'automation' },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      expect(problem.detail).toContain('Header user');
      expect(problem.detail).toContain('Body user');
      expect(JSON.stringify(problem)).not.toContain('tmp-token-value');
      expect((await valuesOf(org)).get('TMP_TOKEN')).toBe('tmp-token-value');

      // Once no template names it, it goes.
      for (const id of [inHeader.id, inBody.id]) {
        const gone = await bed().request(`${automations}/${id}`, { method: 'DELETE', key: org.adminKey });
        expect(gone.status).toBe(200);
      }
      expect((await bed().request(path, { method: 'DELETE', key: org.adminKey })).status).toBe(204);
      expect((await valuesOf(org)).has('TMP_TOKEN')).toBe(false);
    });

    it('pages through secrets by name with limit and cursor', async () => {
      const org = await bed().runtime.services.organizations.bootstrap({ name: 'Secret pages' });
      for (const name of ['CHARLIE', 'ALPHA', 'BRAVO']) await create(name, `value of ${name}`, org);
      const first = await expectJson(await bed().request(`${secretsPath(org)}?limit=2`, { key: org.adminKey }), 200);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await expectJson(
        await bed().request(`${secretsPath(org)}?limit=2&cursor=${first.nextCursor}`, { key: org.adminKey }),
        200,
      );
      expect([...first.data, ...second.data].map((secret: Json) => secret.name)).toEqual(['ALPHA', 'BRAVO', 'CHARLIE']);
      expect(second.nextCursor).toBeNull();
      await expectProblem(
        await bed().request(`${secretsPath(org)}?cursor=%7B%7D`, { key: org.adminKey }),
        400,
        'validation_failed',
      );
    });

    it('serves the same routes under /v1', async () => {
      const created = await expectJson(
        await bed().request(`/v1${secretsPath()}`, {
          method: 'POST',
          key: orgA().adminKey,
          json: { name: 'V1_SECRET', value: 'v1-value' },
        }),
        201,
      );
      expect(created.name).toBe('V1_SECRET');
      const deleted = await bed().request(`/v1${secretsPath()}/V1_SECRET`, { method: 'DELETE', key: orgA().adminKey });
      expect(deleted.status).toBe(204);
    });
  });

  describe('input', () => {
    it.each([
      { case: 'lower case', name: 'slack_token' },
      { case: 'a leading digit', name: '1TOKEN' },
      { case: 'a leading underscore', name: '_TOKEN' },
      { case: 'a hyphen', name: 'SLACK-TOKEN' },
      { case: 'a dot', name: 'SLACK.TOKEN' },
      { case: 'an empty name', name: '' },
      { case: '65 characters', name: `A${'B'.repeat(64)}` },
    ])('refuses a name with $case: 400 naming the {{secrets.NAME}} rule, nothing stored', async ({ name }) => {
      const value = 'value-of-a-refused-name';
      const problem = await expectProblem(
        await bed().request(secretsPath(), { method: 'POST', key: orgA().adminKey, json: { name, value } }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual(['name']);
      expect(problem.detail).toContain('{{secrets.NAME}}');
      expect(JSON.stringify(problem)).not.toContain(value);
      expect([...(await valuesOf()).values()]).not.toContain(value);
    });

    it('refuses a bad name in the path of PUT and DELETE with the same rule', async () => {
      const put = await expectProblem(
        await bed().request(`${secretsPath()}/lower_case`, {
          method: 'PUT',
          key: orgA().adminKey,
          json: { value: 'value-for-a-bad-path' },
        }),
        400,
        'validation_failed',
      );
      expect(put.detail).toContain('{{secrets.NAME}}');
      expect([...(await valuesOf()).values()]).not.toContain('value-for-a-bad-path');
      await expectProblem(
        await bed().request(`${secretsPath()}/${'A'.repeat(65)}`, { method: 'DELETE', key: orgA().adminKey }),
        400,
        'validation_failed',
      );
    });

    it('accepts the longest name and a value of 8192 characters', async () => {
      const name = `Z${'9'.repeat(63)}`;
      const value = `${'v'.repeat(8191)}é`;
      await create(name, value);
      expect((await valuesOf()).get(name)).toBe(value);
    });

    it.each([
      { case: 'an empty value', value: '' },
      { case: 'a value of 8193 characters', value: 'w'.repeat(8193) },
      { case: 'a value that is not text', value: 42 },
      { case: 'a value with a lone surrogate', value: 'broken-\uD800-value' },
    ])('refuses $case with 400, storing nothing', async ({ value }) => {
      const name = uniqueName('REFUSED_VALUE');
      for (const [method, path, json] of [
        ['POST', secretsPath(), { name, value }],
        ['PUT', `${secretsPath()}/${name}`, { value }],
      ] as const) {
        const problem = await expectProblem(
          await bed().request(path, { method, key: orgA().adminKey, json }),
          400,
          'validation_failed',
        );
        expect(problem.errors?.map((error) => error.path)).toEqual(['value']);
      }
      expect((await valuesOf()).has(name)).toBe(false);
    });

    it('refuses an unknown field, naming it, and a missing value', async () => {
      const unknown = await expectProblem(
        await bed().request(secretsPath(), {
          method: 'POST',
          key: orgA().adminKey,
          json: { name: 'WITH_EXTRA', value: 'x', scope: 'all' },
        }),
        400,
        'validation_failed',
      );
      expect(unknown.errors?.map((error) => error.path)).toEqual(['scope']);
      await expectProblem(
        await bed().request(`${secretsPath()}/NO_VALUE`, { method: 'PUT', key: orgA().adminKey, json: {} }),
        400,
        'validation_failed',
      );
      expect((await valuesOf()).has('WITH_EXTRA')).toBe(false);
      expect((await valuesOf()).has('NO_VALUE')).toBe(false);
    });
  });

  describe('brand-scoped keys', () => {
    let brandKey: string;
    beforeAll(async () => {
      const brand = await createBrand(bed(), orgA(), 'Secretive brand');
      brandKey = (await createKey(bed(), orgA(), { scopes: ['read', 'write'], brandId: brand.id })).secret;
      await create('ORG_WIDE', 'org-wide-value');
    });

    it.each([
      { method: 'GET', suffix: '' },
      { method: 'POST', suffix: '', json: { name: 'FROM_A_BRAND', value: 'brand-value' } },
      { method: 'PUT', suffix: '/ORG_WIDE', json: { value: 'overwritten-by-brand' } },
      { method: 'DELETE', suffix: '/ORG_WIDE' },
    ])('get 403 forbidden on $method secrets$suffix: secrets belong to the whole organization', async (call) => {
      const problem = await expectProblem(
        await bed().request(`${secretsPath()}${call.suffix}`, { method: call.method, key: brandKey, json: call.json }),
        403,
        'forbidden',
      );
      expect(problem.detail).toContain('whole organization');
      const values = await valuesOf();
      expect(values.get('ORG_WIDE')).toBe('org-wide-value');
      expect(values.has('FROM_A_BRAND')).toBe(false);
    });
  });

  describe('tenancy', () => {
    beforeAll(async () => {
      await create('ORG_A_ONLY', 'org-a-only-value');
    });

    it.each([
      { method: 'GET', suffix: '' },
      { method: 'POST', suffix: '', json: { name: 'INTRUDER', value: 'intruder' } },
      { method: 'PUT', suffix: '/ORG_A_ONLY', json: { value: 'hijacked' } },
      { method: 'DELETE', suffix: '/ORG_A_ONLY' },
    ])("org B's key on org A's path: $method secrets$suffix → 404", async ({ method, suffix, json }) => {
      await expectHiddenFromOrgB(bed(), { method, path: `${secretsPath()}${suffix}`, json });
      const values = await valuesOf();
      expect(values.get('ORG_A_ONLY')).toBe('org-a-only-value');
      expect(values.has('INTRUDER')).toBe(false);
    });

    it("org B sees none of org A's secrets, and a secret of the same name stays apart", async () => {
      const orgB = bed().orgB;
      const listed = await expectJson(
        await bed().request(`${secretsPath(orgB)}?limit=200`, { key: orgB.adminKey }),
        200,
      );
      expect(listed.data.map((secret: Json) => secret.name)).not.toContain('ORG_A_ONLY');
      await expectProblem(
        await bed().request(`${secretsPath(orgB)}/ORG_A_ONLY`, { method: 'DELETE', key: orgB.adminKey }),
        404,
        'not_found',
      );
      await create('ORG_A_ONLY', 'org-b-own-value', orgB);
      expect((await valuesOf(orgB)).get('ORG_A_ONLY')).toBe('org-b-own-value');
      expect((await valuesOf()).get('ORG_A_ONLY')).toBe('org-a-only-value');
    });
  });

  describeScopeMatrix(bed, 'Secrets', [
    { operationId: 'listSecrets', okStatus: 200, call: () => ({ method: 'GET', path: secretsPath() }) },
    {
      operationId: 'createSecret',
      okStatus: 201,
      call: () => ({ method: 'POST', path: secretsPath(), json: { name: uniqueName('SCOPED'), value: 'scoped' } }),
    },
    {
      operationId: 'putSecret',
      okStatus: 200,
      call: () => ({ method: 'PUT', path: `${secretsPath()}/${uniqueName('PUT')}`, json: { value: 'put' } }),
    },
    {
      operationId: 'deleteSecret',
      okStatus: 204,
      call: async () => {
        const name = uniqueName('TO_DELETE');
        await create(name, 'to delete');
        return { method: 'DELETE', path: `${secretsPath()}/${name}` };
      },
    },
  ]);
});
