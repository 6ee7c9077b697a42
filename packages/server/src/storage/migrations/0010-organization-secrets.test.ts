import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../../../test/support/harness.js';
import { databaseMigratedTo } from '../../../test/support/migrated-database.js';
import { idempotencyKeyHash, sealResponse } from '../../lib/idempotency-crypto.js';
import { ServerSecrets } from '../../secrets/server-secrets.js';
import { idempotencyService } from '../../services/idempotency.js';
import { migrateToLatest } from '../migrate.js';
import { createStore } from '../store.js';

for (const dialect of dialectsUnderTest()) {
  describe(`migration 0010-organization-secrets [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('deletes the records whose fingerprint is a plain hash of the body, and a retry with their key runs again', async () => {
      const database = await databaseMigratedTo(dialect, '0009-embeddings-by-model', cleanups);
      const secrets = new ServerSecrets(randomBytes(32).toString('base64url'));
      const now = new Date().toISOString();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      await sql`insert into organizations (id, name, plan, created_at, updated_at)
        values ('org_1', 'Acme', 'enterprise', ${now}, ${now})`.execute(database.db);
      await sql`insert into api_keys (id, org_id, name, scopes, secret_hash, secret_hint, created_at)
        values ('key_1', 'org_1', 'Admin', 'read,write', 'hash', 'hint', ${now})`.execute(database.db);
      // As the release before stored it: the fingerprint unkeyed, the rest under the server secret.
      const fingerprint = createHash('sha256')
        .update('POST\n/organizations/org_1/brands\n{"name":"x"}')
        .digest('base64url');
      const keyHash = idempotencyKeyHash(secrets, 'key_1', 'order-42');
      const response = sealResponse(secrets, 'key_1', 'order-42', '{"id":"brd_1"}');
      await sql`insert into idempotency_records (key_id, key_hash, fingerprint, status, response, started_at, expires_at)
        values ('key_1', ${keyHash}, ${fingerprint}, 201, ${response}, ${now}, ${tomorrow})`.execute(database.db);

      expect(await migrateToLatest(database)).toContain('0010-organization-secrets');

      const left = await sql<{ count: number | string }>`select count(*) as count from idempotency_records`.execute(
        database.db,
      );
      expect(Number(left.rows[0]?.count)).toBe(0);
      const service = idempotencyService(createStore(database), secrets);
      // Kept, it would have answered 422 idempotency_key_reused: its fingerprint is no MAC.
      expect(await service.begin('key_1', 'order-42', fingerprint)).toEqual({ kind: 'proceed' });
    });
  });
}
