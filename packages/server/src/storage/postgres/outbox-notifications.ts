import pg from 'pg';
import type { OutboxWakeUpListener, OutboxWakeUps } from '../dialect.js';

/** The channel every process on one database announces committed outbox events on. */
export const OUTBOX_CHANNEL = 'hearback_outbox';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN/NOTIFY over one PostgreSQL database: `announce` sends a NOTIFY through the pool after a
 * commit (at most one in flight: announcements made meanwhile become one more), and `listen` holds
 * a dedicated connection (LISTEN needs a session of its own, outside the pool), reconnecting with
 * backoff when it drops.
 *
 * @example
 * const wakeUps = postgresOutboxWakeUps(pool, url);
 * const listener = wakeUps.listen(() => tail.wake());
 */
export function postgresOutboxWakeUps(pool: pg.Pool, url: string): OutboxWakeUps {
  let sending = false;
  let again = false;

  function announce(): void {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    pool
      .query(`notify ${OUTBOX_CHANNEL}`)
      // A lost announcement costs latency only: readers poll the outbox too.
      .catch(() => {})
      .finally(() => {
        sending = false;
        if (again) {
          again = false;
          announce();
        }
      });
  }

  return { announce, listen: (onWake, onError) => listenOn(url, onWake, onError) };
}

function listenOn(url: string, onWake: () => void, onError?: (error: unknown) => void): OutboxWakeUpListener {
  let current: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  /** The connection attempt in progress: close waits for it, so no connection outlives close. */
  let connecting: Promise<void> | undefined;
  const dropped = new WeakSet<pg.Client>();

  function drop(client: pg.Client): void {
    if (dropped.has(client)) return;
    dropped.add(client);
    if (current === client) current = undefined;
    client.end().catch(() => {});
    if (closed) return;
    const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(() => {
      retry = undefined;
      start();
    }, wait);
    // Reconnecting never keeps a stopping process alive.
    retry.unref();
  }

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => {
      onError?.(error);
      drop(client);
    });
    client.on('end', () => drop(client));
    client.on('notification', () => onWake());
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      if (!closed) onError?.(error);
      drop(client);
      return;
    }
    if (closed) {
      dropped.add(client);
      await client.end().catch(() => {});
      return;
    }
    current = client;
    attempt = 0;
    // Whatever was announced while no connection listened is lost: read now.
    onWake();
  }

  function start(): void {
    connecting = connect().finally(() => {
      connecting = undefined;
    });
  }

  start();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const client = current;
      current = undefined;
      if (!client) return;
      dropped.add(client);
      await client.end().catch(() => {});
    },
  };
}
