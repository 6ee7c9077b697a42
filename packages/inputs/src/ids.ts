import { z } from 'zod';

/** The prefix of each kind of id (`fb_01jd3…`). */
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

/**
 * An id of one kind in a request body (`brandId` …): refused unless it has that kind's format, so
 * an empty or foreign id never reaches a foreign key; a well-formed one that does not exist is the
 * service's 404.
 *
 * @example
 * brandId: idSchema('brand').nullable().optional()
 */
export function idSchema(kind: IdKind) {
  const name = kind.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  // By sound, not spelling: "an inbox", "an api key", but "a user" (no kind starts with a vowel "u").
  const article = /^[aeio]/.test(name) ? 'an' : 'a';
  return z.string().regex(idPattern(kind), {
    message: `Expected ${article} ${name} id: ${ID_PREFIXES[kind]}_ followed by 26 letters and digits.`,
  });
}
