import { createDecipheriv, createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Housekeeping } from '../src/jobs/housekeeping.js';
import { idempotencyKeyHash } from '../src/lib/idempotency-crypto.js';
import { IDEMPOTENCY_ABANDON_MS, IDEMPOTENCY_TTL_MS, idempotencyService } from '../src/services/idempotency.js';
import { createKey, expectJson, expectProblem, type Json } from './support/api.js';
import { keyIdOf } from './support/api-assertions.js';
import { describeEachDatabase, type TestBed } from './support/harness.js';

/**
 * What anyone with the database and a guessed Idempotency-Key could decrypt a stored response with
 * before responses were sealed with the server secret: a key derived from the two alone.
 */
function openWithDatabaseAlone(apiKeyId: string, idempotencyKey: string, sealed: string): string {
  try {
    const key = Buffer.from(hkdfSync('sha256', idempotencyKey, apiKeyId, 'hearback idempotent response v1', 32));
    const bytes = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return '';
  }
}

let counter = 0;
/** A fresh key per test: the suite shares one database. */
const freshKey = () => `retry-${Date.now()}-${++counter}`;

async function countInboxes(bed: TestBed): Promise<number> {
  const rows = await bed.runtime.database.db
    .selectFrom('inboxes')
    .select('id')
    .where('org_id', '=', bed.orgA.organization.id)
    .execute();
  return rows.length;
}

describeEachDatabase('Idempotency-Key on writes', (bed) => {
  const inboxes = () => `/organizations/${bed().orgA.organization.id}/inboxes`;
  const createInbox = (name: string, key: string, options: { apiKey?: string; prefix?: string } = {}) =>
    bed().request(`${options.prefix ?? ''}${inboxes()}`, {
      method: 'POST',
      key: options.apiKey ?? bed().orgA.adminKey,
      headers: { 'Idempotency-Key': key },
      json: { name },
    });

  it('a retried create answers the first response again and creates one inbox', async () => {
    const key = freshKey();
    const before = await countInboxes(bed());
    const first = await createInbox('Retry me', key);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const created = await expectJson(first, 201);

    const retried = await createInbox('Retry me', key, { prefix: '/v1' });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.headers.get('content-type')).toContain('application/json');
    expect(await expectJson(retried, 201)).toEqual(created);
    expect(await countInboxes(bed())).toBe(before + 1);
  });

  it('the same key on a different request answers 422 idempotency_key_reused and writes nothing', async () => {
    const key = freshKey();
    await expectJson(await createInbox('Original', key), 201);
    const before = await countInboxes(bed());
    const reused = await expectProblem(await createInbox('Something else', key), 422, 'idempotency_key_reused');
    expect(reused.title).toBe('Unprocessable Entity');
    await expectProblem(
      await bed().request(`${inboxes()}/inb_01jd3x2k9v6c4h8m2n5p7q1r3s`, {
        method: 'PATCH',
        key: bed().orgA.adminKey,
        headers: { 'Idempotency-Key': key },
        json: { name: 'Original' },
      }),
      422,
      'idempotency_key_reused',
    );
    expect(await countInboxes(bed())).toBe(before);
  });

  it('a failed request is not kept: the corrected retry with the same key runs', async () => {
    const key = freshKey();
    await expectProblem(
      await bed().request(inboxes(), {
        method: 'POST',
        key: bed().orgA.adminKey,
        headers: { 'Idempotency-Key': key },
        json: { name: '' },
      }),
      400,
      'validation_failed',
    );
    await expectJson(await createInbox('Corrected', key), 201);
  });

  it('keys belong to one API key: another key with the same Idempotency-Key writes on its own', async () => {
    const key = freshKey();
    const other = await createKey(bed(), bed().orgA, { scopes: ['read', 'write'] });
    const mine = await expectJson(await createInbox('Shared key', key), 201);
    const theirs = await expectJson(await createInbox('Shared key', key, { apiKey: other.secret }), 201);
    expect(theirs.id).not.toBe(mine.id);
    // Another organization's key never sees org A's response either.
    await expectProblem(await createInbox('Shared key', key, { apiKey: bed().orgB.adminKey }), 404, 'not_found');
  });

  it('a replayed API key creation returns the same secret, which the database holds only encrypted', async () => {
    const key = freshKey();
    const create = () =>
      bed().request(`/organizations/${bed().orgA.organization.id}/api-keys`, {
        method: 'POST',
        key: bed().orgA.adminKey,
        headers: { 'Idempotency-Key': key },
        json: { name: 'CI deploy', scopes: ['collect'] },
      });
    const first: Json = await expectJson(await create(), 201);
    const replayed: Json = await expectJson(await create(), 201);
    expect(replayed.secret).toBe(first.secret);
    expect(replayed.id).toBe(first.id);

    const stored = await bed().runtime.database.db.selectFrom('idempotency_records').selectAll().execute();
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain(first.secret);
    expect(everything).not.toContain(first.secret.split('_').at(-1));
    expect(everything).not.toContain(key);
  });

  it('a stored create-key response cannot be opened from the database and a guessed Idempotency-Key', async () => {
    // The attacker holds a copy of the database and guessed the client's key (`order-42` style).
    const key = freshKey();
    const created: Json = await expectJson(
      await bed().request(`/organizations/${bed().orgA.organization.id}/api-keys`, {
        method: 'POST',
        key: bed().orgA.adminKey,
        headers: { 'Idempotency-Key': key },
        json: { name: 'Stolen?', scopes: ['read'] },
      }),
      201,
    );
    const rows = await bed().runtime.database.db.selectFrom('idempotency_records').selectAll().execute();
    for (const row of rows) {
      // Every key the database and the guess give: the row's API key id, the guessed key.
      expect(row.key_hash).not.toBe(createHmac('sha256', row.owner_id).update(key).digest('base64url'));
      expect(openWithDatabaseAlone(row.owner_id, key, row.response ?? '')).not.toContain(created.secret);
    }
  });

  it('PATCH and DELETE replay too: a retried delete answers its first 200, not 404', async () => {
    const inbox: Json = await expectJson(await createInbox('Doomed', freshKey()), 201);
    const key = freshKey();
    const remove = () =>
      bed().request(`${inboxes()}/${inbox.id}`, {
        method: 'DELETE',
        key: bed().orgA.adminKey,
        headers: { 'Idempotency-Key': key },
      });
    const first = await remove();
    expect(first.status).toBeGreaterThanOrEqual(200);
    expect(first.status).toBeLessThan(300);
    const firstBody = await first.text();
    const again = await remove();
    expect(again.status).toBe(first.status);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    // Without the key, the same request reports what is true now.
    expect(
      (await bed().request(`${inboxes()}/${inbox.id}`, { method: 'DELETE', key: bed().orgA.adminKey })).status,
    ).toBe(404);
  });

  it('concurrent requests with one key write once: the others replay or are told to retry (409)', async () => {
    const key = freshKey();
    const before = await countInboxes(bed());
    const responses = await Promise.all(Array.from({ length: 5 }, () => createInbox('Raced', key)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    for (const response of responses) {
      if (response.status === 409) {
        expect(response.headers.get('retry-after')).toBe('1');
        await expectProblem(response, 409, 'idempotency_key_in_use');
      } else expect(response.status).toBe(201);
    }
    expect(await countInboxes(bed())).toBe(before + 1);
  });

  it('the header is validated: over 255 characters is a 400 and nothing is written', async () => {
    const before = await countInboxes(bed());
    await expectProblem(await createInbox('Too long', 'k'.repeat(256)), 400, 'validation_failed');
    expect(await countInboxes(bed())).toBe(before);
  });

  describe('over time (service with a controlled clock)', () => {
    // Records belong to the caller: here the admin key.
    const principal = (): string => keyIdOf(bed().orgA.adminKey);

    it('a request that never answered is taken over after a minute; a finished one replays for a day', async () => {
      let now = Date.parse('2026-11-22T10:00:00.000Z');
      const service = idempotencyService(bed().runtime.store, bed().runtime.secrets, () => now);
      const who = principal();
      const key = freshKey();

      expect(await service.begin(who, key, 'fp')).toEqual({ kind: 'proceed' });
      now += IDEMPOTENCY_ABANDON_MS / 2;
      await expect(service.begin(who, key, 'fp')).rejects.toMatchObject({ code: 'idempotency_key_in_use' });
      now += IDEMPOTENCY_ABANDON_MS;
      expect(await service.begin(who, key, 'fp')).toEqual({ kind: 'proceed' });

      await service.complete(who, key, 201, '{"ok":true}');
      now += IDEMPOTENCY_TTL_MS - 1000;
      expect(await service.begin(who, key, 'fp')).toEqual({ kind: 'replay', status: 201, body: '{"ok":true}' });
      now += 2000;
      expect(await service.begin(who, key, 'other')).toEqual({ kind: 'proceed' });
    });

    it('a record whose response does not open (sealed another way) is taken as absent: the retry runs', async () => {
      const service = idempotencyService(bed().runtime.store, bed().runtime.secrets);
      const who = principal();
      const key = freshKey();
      expect(await service.begin(who, key, 'fp')).toEqual({ kind: 'proceed' });
      await service.complete(who, key, 201, '{"ok":true}');
      expect(await service.begin(who, key, 'fp')).toMatchObject({ kind: 'replay' });
      // The format before the server secret: plain base64, no version prefix.
      await bed()
        .runtime.database.db.updateTable('idempotency_records')
        .set({ response: Buffer.from('sealed by an older release').toString('base64') })
        .where('owner_id', '=', who)
        .where('key_hash', '=', idempotencyKeyHash(bed().runtime.secrets, who, key))
        .execute();
      expect(await service.begin(who, key, 'fp')).toEqual({ kind: 'proceed' });
      await service.complete(who, key, 201, '{"again":true}');
      expect(await service.begin(who, key, 'fp')).toEqual({ kind: 'replay', status: 201, body: '{"again":true}' });
    });

    it('housekeeping deletes expired records', async () => {
      const service = idempotencyService(bed().runtime.store, bed().runtime.secrets, () =>
        Date.parse('2020-01-01T00:00:00.000Z'),
      );
      const who = principal();
      await service.begin(who, freshKey(), 'fp');
      const housekeeping = new Housekeeping({
        store: bed().runtime.store,
        retentionMs: IDEMPOTENCY_TTL_MS,
        deliveryRetentionMs: IDEMPOTENCY_TTL_MS,
      });
      expect((await housekeeping.pruneOnce()).idempotencyRecords).toBeGreaterThanOrEqual(1);
      const left = await bed()
        .runtime.database.db.selectFrom('idempotency_records')
        .select('expires_at')
        .where('expires_at', '<', new Date().toISOString())
        .execute();
      expect(left).toEqual([]);
    });
  });
});
