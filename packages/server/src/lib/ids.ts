import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulidx';

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

export const ID_PREFIXES = {
  organization: 'org',
  inbox: 'inb',
  brand: 'brd',
  feedback: 'fb',
  note: 'note',
  apiKey: 'key',
  event: 'evt',
  page: 'page',
  pageResponse: 'resp',
  automation: 'auto',
  delivery: 'dlv',
  user: 'usr',
  invite: 'inv',
  session: 'ses',
  account: 'acc',
  verification: 'ver',
  rateLimit: 'rl',
  auditEntry: 'aud',
  view: 'view',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/**
 * A prefixed, time-sortable id such as `fb_01jd3…`. Lowercase ULIDs keep their sort order,
 * so keyset pagination can order by id alone.
 */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${nextUlid().toLowerCase()}`;
}

/** A lowercase ULID: 26 characters of Crockford's base 32 (no i, l, o, u). */
const ULID_PATTERN = '[0-9a-hjkmnp-tv-z]{26}';

/**
 * What an id of this kind looks like: its prefix, an underscore and a lowercase ULID.
 *
 * @example
 * idPattern('brand').test('brd_01jd3x2k9v6c4h8m2n5p7q1r3s'); // true
 */
export function idPattern(kind: IdKind): RegExp {
  return new RegExp(`^${ID_PREFIXES[kind]}_${ULID_PATTERN}$`);
}

/** The bare ULID part, used inside API key strings. */
export function newUlid(): string {
  return nextUlid().toLowerCase();
}
