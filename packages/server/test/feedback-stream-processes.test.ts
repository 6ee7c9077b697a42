import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { feedbackEvent } from '../src/services/events.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { within } from './support/async.js';
import { BUILD_TIMEOUT_MS, ensureBuilt, type ServeProcess, spawnServe } from './support/built-cli.js';
import { type EventStreamReader, readEventStream } from './support/event-stream.js';
import { dialectsUnderTest, requestApp, type SharedDatabase, sharedTestDatabase } from './support/harness.js';

/** Far below the poll these servers are given: only a wake-up can deliver this soon. */
const SOON_MS = 5000;
/** The fallback poll, set out of reach of every wait here unless a test is about it. */
const NO_POLL_MS = '60000';
/** Far below the keep-alive timeout (72 s) an ended stream's idle connection would hold shutdown for. */
const PROMPT_MS = 2000;

interface Feedback {
  id: string;
  status: string;
  orgId: string;
}

async function collect(url: string, org: BootstrappedOrganization, comment: string): Promise<string> {
  const response = await fetch(`${url}/collect`, {
    method: 'POST',
    headers: { 'x-service-key': org.collectKey, 'content-type': 'application/json' },
    body: JSON.stringify({ inboxKey: org.inbox.inboxKey, type: 'text', comment }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function openStream(url: string, org: BootstrappedOrganization): Promise<EventStreamReader> {
  const response = await fetch(`${url}/organizations/${org.organization.id}/feedback/stream`, {
    headers: { 'x-service-key': org.adminKey },
  });
  expect(response.status).toBe(200);
  const stream = readEventStream(response);
  await stream.retry();
  return stream;
}

for (const dialect of dialectsUnderTest()) {
  describe(`realtime stream across processes [${dialect}]`, () => {
    let database: SharedDatabase;
    let org: BootstrappedOrganization;
    const servers: ServeProcess[] = [];
    const streams: EventStreamReader[] = [];

    beforeAll(async () => {
      await ensureBuilt();
    }, BUILD_TIMEOUT_MS);

    async function setUp(env: Record<string, string> = {}) {
      database = await sharedTestDatabase(dialect);
      const setup = await database.open();
      org = await setup.services.organizations.bootstrap({ name: 'Streams' });
      await setup.close();
      return (count: number) =>
        Promise.all(
          Array.from({ length: count }, async () => {
            const server = await spawnServe(database.dataDir, {
              HEARBACK_SEARCH: 'off',
              HEARBACK_STREAM_POLL_MS: NO_POLL_MS,
              ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
              ...env,
            });
            servers.push(server);
            return server;
          }),
        );
    }

    afterEach(async () => {
      for (const stream of streams.splice(0)) await stream.close();
      for (const server of servers.splice(0)) await server.stop('SIGKILL');
      await database.cleanup();
    });

    it('SIGTERM ends open streams and the server exits promptly', async () => {
      const [server] = await (await setUp())(1);
      if (!server) throw new Error('no server');
      const stream = await openStream(server.url, org);
      streams.push(stream);
      expect(await within(server.stop('SIGTERM'), PROMPT_MS, 'serve did not exit with a stream open')).toBe(0);
      await within(stream.ended, SOON_MS, 'the stream did not end');
    });

    if (dialect === 'postgres') {
      it('an item collected by one process reaches a stream held by another (LISTEN/NOTIFY)', async () => {
        const [writer, reader] = await (await setUp())(2);
        if (!writer || !reader) throw new Error('no servers');
        const stream = await openStream(reader.url, org);
        streams.push(stream);

        const id = await collect(writer.url, org, 'collected elsewhere');
        const created = await stream.next(SOON_MS);
        expect(created.event).toBe('feedback.created');
        expect((JSON.parse(created.data) as Feedback).id).toBe(id);

        const patched = await fetch(`${writer.url}/organizations/${org.organization.id}/feedback/${id}`, {
          method: 'PATCH',
          headers: { 'x-service-key': org.adminKey, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'resolved' }),
        });
        expect(patched.status).toBe(200);
        const updated = await stream.next(SOON_MS);
        expect(updated.event).toBe('feedback.updated');
        expect(JSON.parse(updated.data) as Feedback).toMatchObject({ id, status: 'resolved' });
      });
    }

    if (dialect === 'postgres') {
      it('an event held back by an older transaction is sent once that one ends, without waiting for the poll', async () => {
        await setUp();
        const runtime = await database.open({ streamPollMs: 60_000, streamHeartbeatMs: 100 });
        const response = await requestApp(runtime, `/organizations/${org.organization.id}/feedback/stream`, {
          key: org.adminKey,
        });
        const stream = readEventStream(response);
        streams.push(stream);
        await stream.retry();
        // An older transaction, still running, that writes no event (and so announces nothing).
        const blocker = new pg.Client({ connectionString: database.databaseUrl });
        await blocker.connect();
        try {
          await blocker.query('begin');
          await blocker.query('select pg_current_xact_id()');
          const collected = await requestApp(runtime, '/collect', {
            method: 'POST',
            key: org.collectKey,
            json: { inboxKey: org.inbox.inboxKey, type: 'text', comment: 'behind an older transaction' },
          });
          const { id } = (await collected.json()) as { id: string };
          // A heartbeat instead of the item: the commit's wake-ups (direct and NOTIFY) came and
          // went while the older transaction held it back.
          expect(await stream.nextComment()).toBe('ping');
          await blocker.query('commit');
          const event = await stream.next(SOON_MS);
          expect((JSON.parse(event.data) as Feedback).id).toBe(id);
        } finally {
          await blocker.end();
        }
      });
    }

    if (dialect === 'postgres') {
      it('listens again after its LISTEN connection is cut, and events announced meanwhile still come', async () => {
        await setUp();
        const holder = await database.open({ streamPollMs: 60_000 });
        const writer = await database.open({ streamPollMs: 60_000 });
        const response = await requestApp(holder, `/organizations/${org.organization.id}/feedback/stream`, {
          key: org.adminKey,
        });
        const stream = readEventStream(response);
        streams.push(stream);
        await stream.retry();
        // The listening session connects beside the stream's start; then the server drops it (a
        // restart, a failover, an idle timeout).
        const listening = sql`from pg_stat_activity where query ilike 'listen %' and datname = current_database()`;
        await expect
          .poll(async () => {
            const found = await sql<{ count: number }>`select count(*)::int as count ${listening}`.execute(
              holder.database.db,
            );
            return found.rows[0]?.count;
          })
          .toBe(1);
        await sql`select pg_terminate_backend(pid) ${listening}`.execute(holder.database.db);
        const collected = await requestApp(writer, '/collect', {
          method: 'POST',
          key: org.collectKey,
          json: { inboxKey: org.inbox.inboxKey, type: 'text', comment: 'while reconnecting' },
        });
        const { id } = (await collected.json()) as { id: string };
        expect((JSON.parse((await stream.next(SOON_MS)).data) as Feedback).id).toBe(id);
      });
    }

    it('the poll delivers an event no wake-up announced', async () => {
      await setUp();
      const runtime = await database.open({ streamPollMs: 100 });
      const collected = await requestApp(runtime, '/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'text', comment: 'before the stream' },
      });
      const { id } = (await collected.json()) as { id: string };
      const response = await requestApp(runtime, `/organizations/${org.organization.id}/feedback/stream`, {
        key: org.adminKey,
      });
      const stream = readEventStream(response);
      streams.push(stream);
      await stream.retry();
      // An event appended without the commit's wake-up, as by a process that does not announce.
      const feedback = await runtime.store.feedback.find({ orgId: org.organization.id, brandId: null }, id);
      if (!feedback) throw new Error('no feedback');
      await runtime.store.outbox.append([feedbackEvent('feedback.updated', feedback, new Date().toISOString())]);
      const event = await stream.next(SOON_MS);
      expect(event.event).toBe('feedback.updated');
      expect((JSON.parse(event.data) as Feedback).id).toBe(id);
    });
  });
}
