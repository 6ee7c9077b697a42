import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../../../test/support/harness.js';
import { databaseMigratedTo } from '../../../test/support/migrated-database.js';
import { ServerSecrets } from '../../secrets/server-secrets.js';
import { idempotencyService } from '../../services/idempotency.js';
import { migrateToLatest } from '../migrate.js';
import { createStore } from '../store.js';

/** A record as the release before 0008 stored it: key hash and sealing key from the row's key id. */
function sealedTheOldWay(apiKeyId: string, idempotencyKey: string, body: string) {
  const key = Buffer.from(hkdfSync('sha256', idempotencyKey, apiKeyId, 'hearback idempotent response v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return {
    keyHash: createHmac('sha256', apiKeyId).update(idempotencyKey).digest('base64url'),
    response: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64'),
  };
}

for (const dialect of dialectsUnderTest()) {
  describe(`migration 0008-idempotency-server-secret [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('deletes the records sealed the old way, and a retry with their key runs again', async () => {
      const database = await databaseMigratedTo(dialect, '0006-outbox-consumers', cleanups);
      const now = new Date().toISOString();
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
      await sql`insert into organizations (id, name, plan, created_at, updated_at)
        values ('org_1', 'Acme', 'enterprise', ${now}, ${now})`.execute(database.db);
      await sql`insert into api_keys (id, org_id, name, scopes, secret_hash, secret_hint, created_at)
        values ('key_1', 'org_1', 'Admin', 'read,write', 'hash', 'hint', ${now})`.execute(database.db);
      const stored = sealedTheOldWay('key_1', 'order-42', '{"id":"key_2","secret":"hb_key_2_topsecret"}');
      await sql`insert into idempotency_records (key_id, key_hash, fingerprint, status, response, started_at, expires_at)
        values ('key_1', ${stored.keyHash}, 'fp', 201, ${stored.response}, ${now}, ${tomorrow})`.execute(database.db);

      expect(await migrateToLatest(database)).toContain('0008-idempotency-server-secret');

      const left = await sql<{ count: number | string }>`select count(*) as count from idempotency_records`.execute(
        database.db,
      );
      expect(Number(left.rows[0]?.count)).toBe(0);
      const service = idempotencyService(
        createStore(database),
        new ServerSecrets(randomBytes(32).toString('base64url')),
      );
      expect(await service.begin('key_1', 'order-42', 'fp')).toEqual({ kind: 'proceed' });
    });
  });
}
