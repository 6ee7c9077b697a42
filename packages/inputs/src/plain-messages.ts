import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;
type Bound = number | bigint | Date;

/** What a value must be, by the type zod expected (`invalid_type`'s `expected`). */
const MUST_BE: Readonly<Record<string, string>> = {
  string: 'Must be text.',
  number: 'Must be a number.',
  nan: 'Must be a number.',
  int: 'Must be a whole number.',
  bigint: 'Must be a whole number.',
  boolean: 'Must be true or false.',
  array: 'Must be a list.',
  tuple: 'Must be a list.',
  set: 'Must be a list.',
  object: 'Must be an object.',
  record: 'Must be an object.',
  map: 'Must be an object.',
  date: 'Must be a date.',
  null: 'Must be null.',
  undefined: 'Must be left out.',
  never: 'Not allowed here.',
};

/** The article and name of a string format (`invalid_format`'s `format`) in "Must be …". */
const FORMAT_NAMES: Readonly<Record<string, string>> = {
  email: 'an email address',
  url: 'a URL',
  uuid: 'a UUID',
  guid: 'a GUID',
  datetime: 'a date and time such as 2026-11-26T12:00:00Z',
  date: 'a date such as 2026-11-26',
  time: 'a time such as 12:00:00',
  duration: 'a duration such as P1D',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  cidrv4: 'an IPv4 range',
  cidrv6: 'an IPv6 range',
  base64: 'base64 text',
  base64url: 'base64url text',
  json_string: 'JSON text',
  lowercase: 'in lower case',
  uppercase: 'in upper case',
  e164: 'a phone number such as +14155550123',
  jwt: 'a JSON Web Token',
};

/**
 * The message for members an object does not declare, by name; each unknown member of a request
 * gets its own (see perUnknownField), followed by the fields accepted there when its schema says.
 *
 * @example
 * unknownFieldsMessage(['typ']); // 'Unknown field: typ.'
 */
export function unknownFieldsMessage(keys: readonly string[]): string {
  return keys.length === 1 ? `Unknown field: ${keys[0]}.` : `Unknown fields: ${keys.join(', ')}.`;
}

/** A bound as people write it: a date as its ISO instant, a number in digits. */
function bound(value: Bound): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A list of allowed values as a sentence reads it: strings bare, others as JSON (`null`, `true`). */
function valueList(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : String(JSON.stringify(value)))).join(', ');
}

/** The unit a length or size is counted in, singular and plural, by what is measured (`origin`). */
const SIZE_UNITS: Readonly<Record<string, readonly [string, string]>> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  map: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};

/** How many of a sized thing, with its unit ("200 characters"); a plain number otherwise. */
function countOf(amount: Bound, origin: string): string {
  const unit = SIZE_UNITS[origin];
  if (!unit) return bound(amount);
  return `${bound(amount)} ${amount === 1 || amount === 1n ? unit[0] : unit[1]}`;
}

function tooSmall(issue: Extract<RawIssue, { code: 'too_small' }>): string {
  const { origin, minimum, inclusive, exact } = issue;
  const sized = origin in SIZE_UNITS;
  if (origin === 'string' && minimum === 1 && !exact) return 'Must not be empty.';
  if ((origin === 'array' || origin === 'set') && minimum === 1 && !exact) return 'Choose at least one.';
  if (exact) return `Exactly ${countOf(minimum, origin)}.`;
  if (origin === 'date')
    return inclusive
      ? `On or after ${bound(new Date(Number(minimum)))}.`
      : `After ${bound(new Date(Number(minimum)))}.`;
  if (sized || inclusive) return `At least ${countOf(minimum, origin)}.`;
  return `More than ${bound(minimum)}.`;
}

function tooBig(issue: Extract<RawIssue, { code: 'too_big' }>): string {
  const { origin, maximum, inclusive, exact } = issue;
  const sized = origin in SIZE_UNITS;
  if (exact) return `Exactly ${countOf(maximum, origin)}.`;
  if (origin === 'date')
    return inclusive
      ? `On or before ${bound(new Date(Number(maximum)))}.`
      : `Before ${bound(new Date(Number(maximum)))}.`;
  if (sized || inclusive) return `At most ${countOf(maximum, origin)}.`;
  return `Less than ${bound(maximum)}.`;
}

function invalidFormat(issue: Extract<RawIssue, { code: 'invalid_format' }>): string {
  const format = issue.format;
  if (format === 'starts_with' && 'prefix' in issue) return `Must start with “${issue.prefix}”.`;
  if (format === 'ends_with' && 'suffix' in issue) return `Must end with “${issue.suffix}”.`;
  if (format === 'includes' && 'includes' in issue) return `Must contain “${issue.includes}”.`;
  const name = FORMAT_NAMES[format];
  return name ? `Must be ${name}.` : 'Not in the expected format.';
}

function invalidUnion(issue: Extract<RawIssue, { code: 'invalid_union' }>): string {
  const options = (issue as { options?: readonly unknown[] }).options;
  if (options && options.length > 0) return `Must be one of: ${valueList(options)}.`;
  if (issue.inclusive === false) return 'Matches more than one of the accepted forms.';
  return 'Not one of the accepted forms.';
}

/** Whether the issue is about a value left out where one is needed (not one that must be left out). */
function isMissing(issue: RawIssue): boolean {
  if (issue.input !== undefined) return false;
  if (issue.code === 'invalid_type') return issue.expected !== 'undefined' && issue.expected !== 'never';
  return issue.code === 'invalid_value' || issue.code === 'invalid_union';
}

/**
 * The message of an issue whose schema gives none, in plain English: a short sentence ending with
 * a period, naming the rule as a person reads it ("At most 200 characters.", "Must be one of:
 * thumbs, stars.") rather than as zod states it. A zod error map: pass it where a value is parsed
 * (`schema.safeParse(value, { error: plainMessage })`) or, in an app's own process, as zod's
 * locale (see {@link plainMessages}); either way a schema's own message wins over it.
 *
 * @example
 * z.string().max(200).safeParse('x'.repeat(201), { error: plainMessage }); // …message: 'At most 200 characters.'
 */
export const plainMessage: z.core.$ZodErrorMap = (issue) => {
  if (isMissing(issue)) return 'Required.';
  switch (issue.code) {
    case 'invalid_type':
      return MUST_BE[issue.expected] ?? 'Has the wrong type.';
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'Must be a whole number.' : `Must be a multiple of ${bound(issue.divisor)}.`;
    case 'unrecognized_keys':
      return unknownFieldsMessage(issue.keys);
    case 'invalid_union':
      return invalidUnion(issue);
    case 'invalid_key':
      return 'Not an allowed key.';
    case 'invalid_element':
      return 'Has a value that is not allowed.';
    case 'invalid_value':
      return issue.values.length === 1
        ? `Must be ${valueList(issue.values)}.`
        : `Must be one of: ${valueList(issue.values)}.`;
    default:
      return 'Not valid.';
  }
};

/**
 * The parse option that gives every issue without a message of its own {@link plainMessage}'s.
 *
 * @example
 * schema.safeParse(value, PLAIN_MESSAGES);
 */
export const PLAIN_MESSAGES = { error: plainMessage } as const;

/**
 * {@link plainMessage} as a zod locale, for a process that is ours alone (the `hearback` CLI, the
 * MCP stdio binary): `z.config(plainMessages())` at start covers parses we do not make ourselves
 * (the MCP SDK's check of a tool's arguments). Never called on import: an app embedding our
 * packages keeps its own zod messages.
 *
 * @example
 * z.config(plainMessages());
 */
export function plainMessages(): { localeError: z.core.$ZodErrorMap } {
  return { localeError: plainMessage };
}
