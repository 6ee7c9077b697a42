import { beforeAll, describe, expect, it, vi } from 'vitest';
import { memberWithRole } from '../../../test/support/accounts.js';
import {
  createBrand,
  createKey,
  describeScopeMatrix,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
  type Json,
} from '../../../test/support/api.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import { KEY_SCOPES } from '../../domain/api-key.js';
import { hashSecret } from '../../lib/secrets.js';

const KEY_FORMAT = /^hb_([0-9a-z]{26})_([A-Za-z0-9]{32})$/;

/** The same instant written in a local time with a UTC offset, e.g. `2026-11-22T15:00:00.000+05:00`. */
function withOffset(instant: Date, offsetHours: number): string {
  const local = new Date(instant.getTime() + offsetHours * 3_600_000).toISOString().slice(0, -1);
  const sign = offsetHours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
}

async function listAllKeys(bed: TestBed, key: string, orgId: string, limit = 200): Promise<Json[]> {
  const keys: Json[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await expectJson(await bed.request(`/organizations/${orgId}/api-keys?${query}`, { key }), 200);
    keys.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return keys;
}

describeEachDatabase('API keys', (bed) => {
  const orgA = () => bed().orgA;
  const keysPath = () => `/organizations/${orgA().organization.id}/api-keys`;
  const orgPath = () => `/organizations/${orgA().organization.id}`;

  describe('create', () => {
    it('returns the secret once, and the secret authenticates', async () => {
      const response = await bed().request(keysPath(), {
        method: 'POST',
        key: orgA().adminKey,
        json: { name: 'Backend', scopes: ['read', 'collect'] },
      });
      const created = await expectJson(response, 201);
      const [, ulid, secretPart] = KEY_FORMAT.exec(created.secret) ?? [];
      expect(created).toMatchObject({
        id: `key_${ulid}`,
        orgId: orgA().organization.id,
        brandId: null,
        name: 'Backend',
        scopes: ['read', 'collect'],
        hint: secretPart?.slice(-4),
        expiresAt: null,
        revokedAt: null,
      });
      expect(created.secretHash).toBeUndefined();

      await expectJson(await bed().request(orgPath(), { key: created.secret }), 200);
      const fetched = await expectJson(
        await bed().request(`${keysPath()}/${created.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(fetched).toEqual({ ...created, secret: undefined, lastUsedAt: fetched.lastUsedAt });
      expect(fetched).not.toHaveProperty('secret');
    });

    it('never returns a secret or its hash from list or get', async () => {
      const created = await createKey(bed(), orgA(), { scopes: ['read'] });
      const secretPart = KEY_FORMAT.exec(created.secret)?.[2] ?? '';
      const listed = await listAllKeys(bed(), orgA().adminKey, orgA().organization.id);
      expect(listed.map((key) => key.id)).toContain(created.id);
      const single = await expectJson(
        await bed().request(`${keysPath()}/${created.id}`, { key: orgA().adminKey }),
        200,
      );
      for (const key of [...listed, single]) {
        expect(Object.keys(key).filter((field) => /secret|hash/i.test(field))).toEqual([]);
      }
      for (const text of [JSON.stringify(listed), JSON.stringify(single)]) {
        expect(text).not.toContain(secretPart);
        expect(text).not.toContain(hashSecret(secretPart));
      }
    });

    it.each([
      { case: 'no name', json: { scopes: ['read'] }, path: 'name' },
      { case: 'a blank name', json: { name: '   ', scopes: ['read'] }, path: 'name' },
      { case: 'no scopes', json: { name: 'k', scopes: [] }, path: 'scopes' },
      { case: 'an unknown scope', json: { name: 'k', scopes: ['admin'] }, path: 'scopes.0' },
      {
        case: 'a malformed expiresAt',
        json: { name: 'k', scopes: ['read'], expiresAt: 'tomorrow' },
        path: 'expiresAt',
      },
    ])('rejects $case with 400 validation_failed', async ({ json, path }) => {
      const problem = await expectProblem(
        await bed().request(keysPath(), { method: 'POST', key: orgA().adminKey, json }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual([path]);
    });

    it('rejects a body that is not JSON', async () => {
      await expectProblem(
        await bed().request(keysPath(), {
          method: 'POST',
          key: orgA().adminKey,
          headers: { 'content-type': 'application/json' },
          body: '{"name": "k",',
        }),
        400,
        'malformed_json',
      );
      await expectProblem(
        await bed().request(keysPath(), { method: 'POST', key: orgA().adminKey, body: 'name=k' }),
        415,
        'unsupported_media_type',
      );
    });

    it('rejects an expiresAt in the past with 400', async () => {
      const past = new Date(Date.now() - 60_000);
      for (const expiresAt of [past.toISOString(), withOffset(past, 10)]) {
        const problem = await expectProblem(
          await bed().request(keysPath(), {
            method: 'POST',
            key: orgA().adminKey,
            json: { name: 'stale', scopes: ['read'], expiresAt },
          }),
          400,
          'validation_failed',
        );
        expect(problem.errors).toEqual([{ path: 'expiresAt', message: expect.any(String) }]);
      }
    });

    it('stores an expiresAt given with a UTC offset as the same instant in UTC', async () => {
      const instant = new Date(Date.now() + 86_400_000);
      const created = await createKey(bed(), orgA(), { scopes: ['read'], expiresAt: withOffset(instant, 5) });
      const fetched = await expectJson(
        await bed().request(`${keysPath()}/${created.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(fetched.expiresAt).toBe(instant.toISOString());
    });

    it('cannot grant scopes the creating key lacks', async () => {
      const limited = await createKey(bed(), orgA(), { scopes: ['read', 'write'] });
      const problem = await expectProblem(
        await bed().request(keysPath(), {
          method: 'POST',
          key: limited.secret,
          json: { name: 'escalated', scopes: ['read', 'forms'] },
        }),
        403,
        'insufficient_scope',
      );
      expect(problem.detail).toBe('This API key cannot grant scopes it lacks: forms.');
      // Every insufficient_scope names a scope that would do, as the README promises.
      expect(problem.requiredScope).toBe('forms');
      const names = (await listAllKeys(bed(), orgA().adminKey, orgA().organization.id)).map((key) => key.name);
      expect(names).not.toContain('escalated');
    });

    it('answers 404 for a brand that does not exist or belongs to another organization', async () => {
      const foreignBrand = await createBrand(bed(), bed().orgB, 'B brand');
      for (const brandId of ['brd_01jd3x2k9v6c4h8m2n5p7q1r3s', foreignBrand.id]) {
        await expectProblem(
          await bed().request(keysPath(), {
            method: 'POST',
            key: orgA().adminKey,
            json: { name: 'k', scopes: ['read'], brandId },
          }),
          404,
          'not_found',
        );
      }
    });
  });

  describe('authentication', () => {
    it('answers 401 missing_api_key without a key, with a WWW-Authenticate challenge', async () => {
      const response = await bed().request(orgPath());
      expect(response.headers.get('www-authenticate')).toContain('X-Service-Key');
      await expectProblem(response, 401, 'missing_api_key');
    });

    it('answers 401 invalid_api_key for a malformed key and for a wrong secret', async () => {
      const { secret } = await createKey(bed(), orgA(), { scopes: ['read'] });
      const wrongSecret = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      for (const key of ['not-a-key', `${secret}x`, wrongSecret]) {
        await expectProblem(await bed().request(orgPath(), { key }), 401, 'invalid_api_key');
      }
    });

    it('accepts the key as a bearer token too', async () => {
      const response = await bed().request(orgPath(), { headers: { authorization: `Bearer ${orgA().adminKey}` } });
      expect((await expectJson(response, 200)).id).toBe(orgA().organization.id);
    });

    it('a revoked key is refused on the very next request', async () => {
      const victim = await createKey(bed(), orgA(), { scopes: ['read'] });
      await expectJson(await bed().request(orgPath(), { key: victim.secret }), 200);

      const revoked = await expectJson(
        await bed().request(`${keysPath()}/${victim.id}/revoke`, { method: 'POST', key: orgA().adminKey }),
        200,
      );
      expect(revoked.revokedAt).toEqual(expect.any(String));
      expect(revoked).not.toHaveProperty('secret');

      await expectProblem(await bed().request(orgPath(), { key: victim.secret }), 401, 'revoked_api_key');
      const again = await expectJson(
        await bed().request(`${keysPath()}/${victim.id}/revoke`, { method: 'POST', key: orgA().adminKey }),
        200,
      );
      expect(again.revokedAt).toBe(revoked.revokedAt);
    });

    describe('expiry', () => {
      // Faking only Date moves the server's clock without sleeping; timers and I/O stay real.
      const afterExpiry = (expiresAt: string) => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(Date.parse(expiresAt) + 1_000);
      };

      it('a key works until its expiresAt, then answers 401 expired_api_key', async () => {
        const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
        const key = await createKey(bed(), orgA(), { scopes: ['read'], expiresAt });
        await expectJson(await bed().request(orgPath(), { key: key.secret }), 200);
        try {
          afterExpiry(expiresAt);
          const problem = await expectProblem(
            await bed().request(orgPath(), { key: key.secret }),
            401,
            'expired_api_key',
          );
          expect(problem.detail).toContain(expiresAt);
          await expectJson(await bed().request(orgPath(), { key: orgA().adminKey }), 200);
        } finally {
          vi.useRealTimers();
        }
      });

      it('expires at the instant given, whatever UTC offset it was written with', async () => {
        const instant = new Date(Date.now() + 3_600_000);
        const key = await createKey(bed(), orgA(), { scopes: ['read'], expiresAt: withOffset(instant, 5) });
        try {
          afterExpiry(instant.toISOString());
          await expectProblem(await bed().request(orgPath(), { key: key.secret }), 401, 'expired_api_key');
        } finally {
          vi.useRealTimers();
        }
      });
    });
  });

  describe('get, list and rename', () => {
    it('answers 404 for an unknown key id', async () => {
      await expectProblem(
        await bed().request(`${keysPath()}/key_01jd3x2k9v6c4h8m2n5p7q1r3s`, { key: orgA().adminKey }),
        404,
        'not_found',
      );
    });

    it('pages through every key with limit and cursor, each key once', async () => {
      const everything = await listAllKeys(bed(), orgA().adminKey, orgA().organization.id);
      const paged = await listAllKeys(bed(), orgA().adminKey, orgA().organization.id, 2);
      expect(everything.length).toBeGreaterThan(2);
      expect(paged.map((key) => key.id)).toEqual(everything.map((key) => key.id));
      expect(new Set(paged.map((key) => key.id)).size).toBe(paged.length);
      await expectProblem(
        await bed().request(`${keysPath()}?cursor=not-a-cursor`, { key: orgA().adminKey }),
        400,
        'validation_failed',
      );
      await expectProblem(
        await bed().request(`${keysPath()}?limit=0`, { key: orgA().adminKey }),
        400,
        'validation_failed',
      );
    });

    it('renames a key, which keeps working', async () => {
      const key = await createKey(bed(), orgA(), { scopes: ['read'], name: 'Old name' });
      const renamed = await expectJson(
        await bed().request(`${keysPath()}/${key.id}`, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { name: 'New name' },
        }),
        200,
      );
      expect(renamed).toMatchObject({ id: key.id, name: 'New name', scopes: ['read'] });
      const fetched = await expectJson(await bed().request(`${keysPath()}/${key.id}`, { key: orgA().adminKey }), 200);
      expect(fetched.name).toBe('New name');
      await expectJson(await bed().request(orgPath(), { key: key.secret }), 200);
    });

    it('rejects a blank name and answers 404 for an unknown key on rename', async () => {
      const key = await createKey(bed(), orgA(), { scopes: ['read'] });
      await expectProblem(
        await bed().request(`${keysPath()}/${key.id}`, { method: 'PATCH', key: orgA().adminKey, json: { name: '' } }),
        400,
        'validation_failed',
      );
      await expectProblem(
        await bed().request(`${keysPath()}/key_01jd3x2k9v6c4h8m2n5p7q1r3s`, {
          method: 'PATCH',
          key: orgA().adminKey,
          json: { name: 'x' },
        }),
        404,
        'not_found',
      );
      await expectProblem(
        await bed().request(`${keysPath()}/key_01jd3x2k9v6c4h8m2n5p7q1r3s/revoke`, {
          method: 'POST',
          key: orgA().adminKey,
        }),
        404,
        'not_found',
      );
    });

    it('serves the same routes under /v1', async () => {
      const ids = (page: Json) => page.data.map((key: Json) => key.id);
      const plain = await expectJson(await bed().request(keysPath(), { key: orgA().adminKey }), 200);
      const versioned = await expectJson(await bed().request(`/v1${keysPath()}`, { key: orgA().adminKey }), 200);
      expect(ids(versioned)).toEqual(ids(plain));
      await expectJson(
        await bed().request(`/v1${keysPath()}`, {
          method: 'POST',
          key: orgA().adminKey,
          json: { name: 'v1', scopes: ['read'] },
        }),
        201,
      );
    });
  });

  describe('renaming and revoking a stronger key', () => {
    const STRONG_SCOPES = ['write', 'forms', 'triage'];
    const keyPath = (id: string) => `${keysPath()}/${id}`;
    const revoke = (id: string, init: { key?: string; session?: string }) =>
      bed().request(`${keyPath(id)}/revoke`, { method: 'POST', ...init });
    const rename = (id: string, name: string, init: { key?: string; session?: string }) =>
      bed().request(keyPath(id), { method: 'PATCH', json: { name }, ...init });

    it('a key cannot revoke a key holding scopes it lacks, which keeps working', async () => {
      const writeOnly = await createKey(bed(), orgA(), { scopes: ['write'] });
      const strong = await createKey(bed(), orgA(), { scopes: STRONG_SCOPES, name: 'Strong' });
      const problem = await expectProblem(
        await revoke(strong.id, { key: writeOnly.secret }),
        403,
        'insufficient_scope',
      );
      expect(problem.detail).toBe('This API key cannot revoke a key with scopes it lacks: forms, triage.');
      expect(problem.requiredScope).toBe('forms');
      const kept = await expectJson(await bed().request(keyPath(strong.id), { key: orgA().adminKey }), 200);
      expect(kept).toMatchObject({ name: 'Strong', revokedAt: null });
      await expectJson(await bed().request('/me', { key: strong.secret }), 200);
    });

    it('a key cannot rename a key holding scopes it lacks', async () => {
      const writeOnly = await createKey(bed(), orgA(), { scopes: ['write'] });
      const strong = await createKey(bed(), orgA(), { scopes: STRONG_SCOPES, name: 'Strong' });
      const problem = await expectProblem(
        await rename(strong.id, 'Hijacked', { key: writeOnly.secret }),
        403,
        'insufficient_scope',
      );
      expect(problem.detail).toBe('This API key cannot rename a key with scopes it lacks: forms, triage.');
      expect(problem.requiredScope).toBe('forms');
      const kept = await expectJson(await bed().request(keyPath(strong.id), { key: orgA().adminKey }), 200);
      expect(kept.name).toBe('Strong');
    });

    it('a key may rename and revoke a key whose scopes it all holds, itself included', async () => {
      const caller = await createKey(bed(), orgA(), { scopes: ['read', 'write'] });
      const weaker = await createKey(bed(), orgA(), { scopes: ['write'] });
      await expectJson(await rename(weaker.id, 'Renamed', { key: caller.secret }), 200);
      expect((await expectJson(await revoke(weaker.id, { key: caller.secret }), 200)).revokedAt).toEqual(
        expect.any(String),
      );
      await expectJson(await revoke(caller.id, { key: caller.secret }), 200);
      await expectProblem(await bed().request(orgPath(), { key: caller.secret }), 401, 'revoked_api_key');
    });

    it('an admin and an owner may rename and revoke a key of every key scope; a member may do neither', async () => {
      for (const role of ['admin', 'owner'] as const) {
        const { session } = await memberWithRole(bed(), orgA(), role);
        const everything = await createKey(bed(), orgA(), { scopes: [...KEY_SCOPES] });
        await expectJson(await rename(everything.id, `Renamed by ${role}`, { session }), 200);
        await expectJson(await revoke(everything.id, { session }), 200);
      }
      const { session } = await memberWithRole(bed(), orgA(), 'member');
      const readOnly = await createKey(bed(), orgA(), { scopes: ['read'] });
      for (const response of [await rename(readOnly.id, 'x', { session }), await revoke(readOnly.id, { session })]) {
        expect((await expectProblem(response, 403, 'insufficient_scope')).requiredScope).toBe('write');
      }
    });
  });

  describe('brand-scoped keys', () => {
    let brandX: Json;
    let brandY: Json;
    let brandKey: { id: string; secret: string };
    let siblingKey: { id: string; secret: string };
    beforeAll(async () => {
      brandX = await createBrand(bed(), orgA(), 'Brand X');
      brandY = await createBrand(bed(), orgA(), 'Brand Y');
      brandKey = await createKey(bed(), orgA(), { scopes: ['collect', 'read', 'write'], brandId: brandX.id });
      siblingKey = await createKey(bed(), orgA(), { scopes: ['read'], brandId: brandX.id });
    });

    it('lists and gets only the keys of its own brand', async () => {
      const listed = await listAllKeys(bed(), brandKey.secret, orgA().organization.id);
      expect(listed.map((key) => key.id).sort()).toEqual([brandKey.id, siblingKey.id].sort());
      const adminKeyId = `key_${KEY_FORMAT.exec(orgA().adminKey)?.[1]}`;
      await expectProblem(
        await bed().request(`${keysPath()}/${adminKeyId}`, { key: brandKey.secret }),
        404,
        'not_found',
      );
      await expectProblem(
        await bed().request(`${keysPath()}/${adminKeyId}/revoke`, { method: 'POST', key: brandKey.secret }),
        404,
        'not_found',
      );
      await expectJson(await bed().request(orgPath(), { key: orgA().adminKey }), 200);
    });

    it('creates keys in its own brand when no brand is given', async () => {
      const created = await expectJson(
        await bed().request(keysPath(), {
          method: 'POST',
          key: brandKey.secret,
          json: { name: 'child', scopes: ['read'] },
        }),
        201,
      );
      expect(created.brandId).toBe(brandX.id);
    });

    it('cannot create organization-wide keys or keys of another brand', async () => {
      for (const brandId of [null, brandY.id]) {
        await expectProblem(
          await bed().request(keysPath(), {
            method: 'POST',
            key: brandKey.secret,
            json: { name: 'escape', scopes: ['read'], brandId },
          }),
          403,
          'forbidden',
        );
      }
      const names = (await listAllKeys(bed(), orgA().adminKey, orgA().organization.id)).map((key) => key.name);
      expect(names).not.toContain('escape');
    });

    it('cannot grant scopes it lacks', async () => {
      await expectProblem(
        await bed().request(keysPath(), {
          method: 'POST',
          key: brandKey.secret,
          json: { name: 'forms', scopes: ['forms'] },
        }),
        403,
        'insufficient_scope',
      );
    });
  });

  describe('tenancy', () => {
    let orgAKey: { id: string; secret: string };
    beforeAll(async () => {
      orgAKey = await createKey(bed(), orgA(), { scopes: ['read'], name: 'Org A private key' });
    });

    it.each([
      { method: 'GET', suffix: '' },
      { method: 'POST', suffix: '', json: { name: 'intruder', scopes: ['read'] } },
      { method: 'GET', suffix: '/:keyId' },
      { method: 'PATCH', suffix: '/:keyId', json: { name: 'hijacked' } },
      { method: 'POST', suffix: '/:keyId/revoke' },
    ])("org B's key on org A's path: $method api-keys$suffix → 404", async ({ method, suffix, json }) => {
      const path = `${keysPath()}${suffix.replace(':keyId', orgAKey.id)}`;
      await expectHiddenFromOrgB(bed(), { method, path, json });
    });

    it("org B's key cannot reach org A's keys through its own organization either", async () => {
      const orgBKeys = `/organizations/${bed().orgB.organization.id}/api-keys/${orgAKey.id}`;
      const key = bed().orgB.adminKey;
      await expectProblem(await bed().request(orgBKeys, { key }), 404, 'not_found');
      await expectProblem(
        await bed().request(orgBKeys, { method: 'PATCH', key, json: { name: 'hijacked' } }),
        404,
        'not_found',
      );
      await expectProblem(await bed().request(`${orgBKeys}/revoke`, { method: 'POST', key }), 404, 'not_found');

      const fetched = await expectJson(
        await bed().request(`${keysPath()}/${orgAKey.id}`, { key: orgA().adminKey }),
        200,
      );
      expect(fetched).toMatchObject({ name: 'Org A private key', revokedAt: null });
      await expectJson(await bed().request(orgPath(), { key: orgAKey.secret }), 200);
      const orgBList = await listAllKeys(bed(), key, bed().orgB.organization.id);
      expect(orgBList.every((listed) => listed.orgId === bed().orgB.organization.id)).toBe(true);
    });
  });

  describeScopeMatrix(bed, 'API keys', [
    { operationId: 'listApiKeys', okStatus: 200, call: () => ({ method: 'GET', path: keysPath() }) },
    {
      operationId: 'getApiKey',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'GET',
        path: `${keysPath()}/${(await createKey(testBed, orgA(), { scopes: ['read'] })).id}`,
      }),
    },
    {
      operationId: 'createApiKey',
      okStatus: 201,
      call: () => ({ method: 'POST', path: keysPath(), json: { name: 'made by scoped key', scopes: ['write'] } }),
    },
    {
      operationId: 'updateApiKey',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'PATCH',
        // A key of `write` alone: the caller must hold every scope of the key it renames.
        path: `${keysPath()}/${(await createKey(testBed, orgA(), { scopes: ['write'] })).id}`,
        json: { name: 'renamed' },
      }),
    },
    {
      operationId: 'revokeApiKey',
      okStatus: 200,
      call: async (testBed) => ({
        method: 'POST',
        path: `${keysPath()}/${(await createKey(testBed, orgA(), { scopes: ['write'] })).id}/revoke`,
      }),
    },
  ]);
});
