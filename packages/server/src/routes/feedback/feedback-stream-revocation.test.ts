import { afterEach, expect, it } from 'vitest';
import { createApiKey, expectJson } from '../../../test/support/api-assertions.js';
import { within } from '../../../test/support/async.js';
import { type EventStreamReader, readEventStream } from '../../../test/support/event-stream.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

/** Far longer than the test: the heartbeat's own check of the key cannot be what ends a stream. */
const HEARTBEAT_MS = 600_000;

/**
 * SPEC §5: "revocation takes effect immediately". A stream opened with a key used to learn of the
 * key's revocation at its next heartbeat (15 s by default), sending what arrived meanwhile to a
 * key its owner had revoked. It ends at the revocation, in the log's order: nothing committed after
 * the revocation reaches it.
 */
describeEachDatabase(
  'a feedback stream whose key is revoked',
  (bed) => {
    const open: EventStreamReader[] = [];
    afterEach(async () => {
      for (const stream of open.splice(0)) await stream.close();
    });
    const orgPath = () => `/organizations/${bed().orgA.organization.id}`;

    async function connect(key: string): Promise<EventStreamReader> {
      const response = await bed().request(`${orgPath()}/feedback/stream`, { key });
      expect(response.status).toBe(200);
      const stream = readEventStream(response);
      open.push(stream);
      await stream.retry();
      return stream;
    }

    async function submit(comment: string): Promise<string> {
      const response = await bed().request('/collect', {
        method: 'POST',
        key: bed().orgA.collectKey,
        json: { inboxKey: bed().orgA.inbox.inboxKey, type: 'text', comment },
      });
      return (await expectJson<{ id: string }>(response, 201)).id;
    }

    async function revoke(keyId: string): Promise<void> {
      const response = await bed().request(`${orgPath()}/api-keys/${keyId}/revoke`, {
        method: 'POST',
        key: bed().orgA.adminKey,
      });
      expect(response.status).toBe(200);
    }

    it('ends at the revocation and sends nothing collected after it', async () => {
      const key = await createApiKey(bed(), bed().orgA, { scopes: ['read'] });
      const stream = await connect(key.secret);
      const before = await submit('before the revocation');
      expect((await stream.next()).data).toContain(before);
      await revoke(key.id);
      await submit('after the revocation');
      await expect(stream.next()).rejects.toThrow('The stream ended before event');
      await within(stream.ended, 5_000, 'the stream outlived its key');
    });

    it('leaves the streams of other keys open when one key is revoked', async () => {
      const revoked = await createApiKey(bed(), bed().orgA, { scopes: ['read'] });
      const kept = await createApiKey(bed(), bed().orgA, { scopes: ['read'] });
      const keptStream = await connect(kept.secret);
      const revokedStream = await connect(revoked.secret);
      await revoke(revoked.id);
      const after = await submit('for the key still valid');
      await within(revokedStream.ended, 5_000, 'the stream outlived its key');
      expect((await keptStream.next()).data).toContain(after);
    });
  },
  { streamHeartbeatMs: HEARTBEAT_MS, streamPollMs: 60_000 },
);
