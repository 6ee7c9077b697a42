import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../../../test/support/harness.js';
import { databaseMigratedTo } from '../../../test/support/migrated-database.js';
import { idempotencyKeyHash, sealResponse, storedFingerprint } from '../../lib/idempotency-crypto.js';
import { ServerSecrets } from '../../secrets/server-secrets.js';
import { idempotencyService } from '../../services/idempotency.js';
import { migrateToLatest } from '../migrate.js';
import { createStore } from '../store.js';

for (const dialect of dialectsUnderTest()) {
  describe(`migration 0016-accounts [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('keeps the answers stored for Idempotency-Key retries: a key creation retried across the upgrade replays its secret instead of making a second key', async () => {
      const database = await databaseMigratedTo(dialect, '0015-audit-log', cleanups);
      const secrets = new ServerSecrets(randomBytes(32).toString('base64url'));
      const now = new Date().toISOString();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      await sql`insert into organizations (id, name, plan, created_at, updated_at, slug, timezone)
        values ('org_1', 'Acme', 'enterprise', ${now}, ${now}, 'acme', 'UTC')`.execute(database.db);
      await sql`insert into api_keys (id, org_id, name, scopes, secret_hash, secret_hint, created_at)
        values ('key_1', 'org_1', 'Admin', 'read,write', 'hash', 'hint', ${now})`.execute(database.db);
      // As the release before stored the answer to `POST …/api-keys` sent with `Idempotency-Key: create-ci-key`.
      const request = createHash('sha256')
        .update('POST\n/organizations/org_1/api-keys\n{"name":"ci","scopes":["read"]}')
        .digest('base64url');
      const answer = '{"id":"key_2","secret":"hb_key_2_only-copy"}';
      await sql`insert into idempotency_records (key_id, key_hash, fingerprint, status, response, started_at, expires_at)
        values ('key_1', ${idempotencyKeyHash(secrets, 'key_1', 'create-ci-key')}, ${storedFingerprint(secrets, request)},
          201, ${sealResponse(secrets, 'key_1', 'create-ci-key', answer)}, ${now}, ${tomorrow})`.execute(database.db);

      expect(await migrateToLatest(database)).toContain('0016-accounts');

      const service = idempotencyService(createStore(database), secrets);
      expect(await service.begin('key_1', 'create-ci-key', request)).toEqual({
        kind: 'replay',
        status: 201,
        body: answer,
      });
    });
  });
}
