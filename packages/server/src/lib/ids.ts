import { randomFillSync } from 'node:crypto';
import { ID_PREFIXES, type IdKind } from '@hearback/inputs';
import { encodeTime, monotonicFactory } from 'ulidx';

const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;

/**
 * ulidx draws one random byte per character (`byte / 0xff`, as its default does); taking them from
 * a pooled buffer of the same cryptographic bytes spares a getRandomValues call for each.
 */
function pooledRandom(): number {
  if (randomOffset === randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  return (randomPool[randomOffset++] as number) / 0xff;
}

const nextUlid = monotonicFactory(pooledRandom);
/** {@link newIdAt}'s own sequence, and the clock time it was last read at. */
let nextTimedUlid = monotonicFactory(pooledRandom);
let lastTimedUlid = 0;

// The kinds of id and their format are @hearback/inputs' (request bodies name ids).
export { ID_PREFIXES, type IdKind, idPattern } from '@hearback/inputs';

/**
 * A prefixed, time-sortable id such as `fb_01jd3…`. Lowercase ULIDs keep their sort order,
 * so keyset pagination can order by id alone.
 */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${nextUlid().toLowerCase()}`;
}

/**
 * A new id of this kind and the instant it encodes (ISO-8601 UTC): one clock read for both, so a
 * row's `created_at` agrees with its id's time, which {@link idRangeOfWindow} relies on.
 *
 * @example
 * const { id, at } = newIdAt('feedback'); // at === new Date(decodeTime(ulidOf(id))).toISOString()
 */
export function newIdAt(kind: IdKind): { id: string; at: string } {
  const time = Date.now();
  // A clock set back starts a new sequence at the clock's time instead of carrying the later time
  // on (as a monotonic factory does): the time stays the clock's, ids keep sorting within a sequence.
  if (time < lastTimedUlid) nextTimedUlid = monotonicFactory(pooledRandom);
  lastTimedUlid = time;
  // The id encodes `time` itself: the factory carries its last time forward only when given no
  // later one, and that last time is this one (a clock gone back restarted the sequence above).
  const ulid = nextTimedUlid(time);
  return { id: `${ID_PREFIXES[kind]}_${ulid.toLowerCase()}`, at: new Date(time).toISOString() };
}

/**
 * How far a row's `created_at` may lie from its id's time. Rows written before both came from
 * one clock read (`newIdAt`) read the clock twice, milliseconds apart; a minute covers that with room.
 */
export const ID_TIME_MARGIN_MS = 60_000;

/** The smallest and largest ULID time (48 bits of milliseconds). */
const MAX_ULID_TIME = 2 ** 48 - 1;

/**
 * The ids of this kind whose time may fall in `[from, to)` widened by {@link ID_TIME_MARGIN_MS}:
 * `{ min, below }` with `min <= id < below` (either absent when its bound is). Meant as a redundant
 * bound beside the exact one on `created_at`, so an index ordered by id reads only the window.
 *
 * @example
 * idRangeOfWindow('feedback', '2026-01-01T00:00:00.000Z', undefined); // { min: 'fb_01kdw…', below: undefined }
 */
export function idRangeOfWindow(
  kind: IdKind,
  from: string | undefined,
  to: string | undefined,
): { min: string | undefined; below: string | undefined } {
  const prefix = `${ID_PREFIXES[kind]}_`;
  const clamp = (ms: number) => Math.min(MAX_ULID_TIME, Math.max(0, ms));
  // An id's first ten characters are its time: every id of a later millisecond sorts after this one.
  const timePart = (ms: number) => encodeTime(clamp(ms), 10).toLowerCase();
  const fromMs = from === undefined ? Number.NaN : Date.parse(from) - ID_TIME_MARGIN_MS;
  const toMs = to === undefined ? Number.NaN : Date.parse(to) + ID_TIME_MARGIN_MS;
  return {
    min: Number.isNaN(fromMs) ? undefined : `${prefix}${timePart(fromMs)}`,
    // Past the last time ULIDs encode there is nothing to bound.
    below: Number.isNaN(toMs) || toMs >= MAX_ULID_TIME ? undefined : `${prefix}${timePart(toMs)}`,
  };
}

/** The bare ULID part, used inside API key strings. */
export function newUlid(): string {
  return nextUlid().toLowerCase();
}
