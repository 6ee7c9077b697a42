import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { expectJson } from './support/api-assertions.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';
import { distinctive, postgresColumnsHolding, sqliteFilesHolding } from './support/plaintext-search.js';

for (const dialect of dialectsUnderTest()) {
  describe(`secret values at rest [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      org = await runtime.services.organizations.bootstrap({ name: 'At rest' });
    });
    afterAll(() => cleanup());

    const holding = (needle: string) =>
      dialect === 'sqlite'
        ? sqliteFilesHolding(runtime.database.location, needle)
        : postgresColumnsHolding(runtime, needle);

    it('the database holds no secret value in plaintext, only the names', async () => {
      const path = `/organizations/${org.organization.id}/secrets`;
      const created = distinctive('created');
      const replaced = distinctive('replaced');
      const replacement = distinctive('replacement');
      const idempotent = distinctive('idempotent');
      const send = async (method: string, url: string, json: unknown, headers: Record<string, string> = {}) =>
        (await requestApp(runtime, url, { method, key: org.adminKey, json, headers })).status;

      expect(await send('POST', path, { name: 'CREATED_VALUE', value: created })).toBe(201);
      expect(await send('PUT', `${path}/REPLACED_VALUE`, { value: replaced })).toBe(200);
      expect(await send('PUT', `${path}/REPLACED_VALUE`, { value: replacement })).toBe(200);
      // A stored idempotent response must not hold it either.
      expect(
        await send('POST', path, { name: 'IDEMPOTENT_VALUE', value: idempotent }, { 'Idempotency-Key': 'once' }),
      ).toBe(201);
      const replay = await requestApp(runtime, path, {
        method: 'POST',
        key: org.adminKey,
        json: { name: 'IDEMPOTENT_VALUE', value: idempotent },
        headers: { 'Idempotency-Key': 'once' },
      });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      await expectJson(replay, 201);

      // They are stored, and open, with the server secret.
      const values = await runtime.services.organizationSecrets.valuesFor(org.organization.id);
      expect(Object.fromEntries(values)).toEqual({
        CREATED_VALUE: created,
        REPLACED_VALUE: replacement,
        IDEMPOTENT_VALUE: idempotent,
      });

      // The search reaches where the rows are: the names, stored in plaintext, are found.
      expect(await holding('IDEMPOTENT_VALUE')).not.toEqual([]);
      for (const value of [created, replaced, replacement, idempotent]) expect(await holding(value)).toEqual([]);
    });

    it('the idempotency record of a request holding a secret lets no one confirm a guess of the value', async () => {
      // A weak value, the kind a database reader would guess: an unkeyed hash of the request body
      // stored with the record would confirm it offline.
      const path = `/organizations/${org.organization.id}/secrets`;
      const body = JSON.stringify({ name: 'GUESSABLE', value: 'password1' });
      const response = await requestApp(runtime, path, {
        method: 'POST',
        key: org.adminKey,
        headers: { 'Idempotency-Key': 'guessable', 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(201);
      const guess = createHash('sha256').update(`POST\n${path}\n${body}`).digest('base64url');
      const stored = await runtime.database.db.selectFrom('idempotency_records').select('fingerprint').execute();
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.map((record) => record.fingerprint)).not.toContain(guess);
      expect(await holding(guess)).toEqual([]);
    });
  });
}
