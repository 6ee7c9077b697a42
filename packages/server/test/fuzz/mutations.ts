import fc from 'fast-check';

/**
 * JSON text inserted as is where it stands in a value: nesting deeper than `JSON.stringify` (and so
 * the fuzzer itself) could recurse through.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `[[[…0…]]]`, `depth` deep. */
export function deepArray(depth: number): RawJson {
  return new RawJson(`${'['.repeat(depth)}0${']'.repeat(depth)}`);
}

/** `{"a":{"a":…{"leaf":true}…}}`, `depth` deep. */
export function deepObject(depth: number): RawJson {
  return new RawJson(`${'{"a":'.repeat(depth)}{"leaf":true}${'}'.repeat(depth)}`);
}

/** JSON.stringify, with each {@link RawJson} written as its text. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, member) => {
    if (!(member instanceof RawJson)) return member;
    raws.push(member.text);
    return `\u0000raw${raws.length - 1}\u0000`;
  });
  return raws.length === 0
    ? text
    : text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index) => raws[Number(index)] as string);
}

/** Text a hostile or careless client sends: lone surrogates, NUL, controls, huge, blank, look-alikes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\ud800',
    '\ud800x',
    'x\udfff',
    '\udc00\ud800',
    '\u0000',
    'a\u0000b',
    '\u202eevil',
    '\ufeffbom',
    '🙂'.repeat(50),
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{"$gt":""}',
    'null',
    '0x10',
    '1e3',
    ' 5',
    '-0',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 201, max: 20_000 }).map((length) => 'x'.repeat(length)),
);

/** Numbers at and past the edges: bounds, fractions, float and int limits. */
export const boundaryNumber: fc.Arbitrary<number> = fc.constantFrom(
  -1,
  0,
  -0,
  1,
  0.5,
  5,
  6,
  10,
  11,
  200,
  201,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_VALUE,
  Number.MAX_VALUE,
  1e-300,
);

/** A value of some JSON type, to put where another type belongs. */
export const wrongTypeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, '', 0, -1, [1, 2], { nested: { deeper: [] } }),
  boundaryNumber,
  hostileString,
);

/** A huge or deep value: past the body limit, or nested past any stack. */
export const hugeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(5_000, 20_000, 100_000).map((depth) => deepArray(depth)),
  fc.constantFrom(40, 500, 4_200, 20_000).map((depth) => deepObject(depth)),
  fc.constantFrom(70_000, 2_000_000).map((length) => 'y'.repeat(length)),
  fc.constant(Array.from({ length: 20_000 }, (_, index) => index)),
);

export type BodyMutation =
  | { kind: 'member'; name: string; value: unknown }
  | { kind: 'drop'; name: string }
  | { kind: 'extra'; name: string; value: unknown }
  | { kind: 'replace'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string | null };

/** One way to spoil a valid JSON body, for the members it has or the schema declares. */
export function bodyMutation(members: readonly string[]): fc.Arbitrary<BodyMutation> {
  const name = members.length > 0 ? fc.constantFrom(...members) : fc.constant('name');
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('member' as const), name, value: wrongTypeValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('member' as const), name, value: hostileString }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('member' as const), name, value: hugeValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), name }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        name: fc.constantFrom('__proto__', 'constructor', 'id', 'orgId', 'x', 'extra field'),
        value: wrongTypeValue,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('replace' as const),
        value: fc.oneof(fc.constantFrom(null, [], 'text', 42, true), hugeValue),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.constantFrom('', '{', '{"a":', 'nul', '[1,]', '{"name":"x"}', '\ufeff{}', '"\\ud800"', '{}'),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-8',
          'application/merge-patch+json',
          null,
        ),
      }),
    },
  );
}

/** Applies a mutation to a valid body; returns the text to send and its Content-Type (null: none). */
export function applyBodyMutation(body: unknown, mutation: BodyMutation): { text: string; contentType: string | null } {
  if (mutation.kind === 'raw') return { text: mutation.text, contentType: mutation.contentType };
  if (mutation.kind === 'replace') return { text: toJsonText(mutation.value), contentType: 'application/json' };
  const object = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {};
  const record = object as Record<string, unknown>;
  if (mutation.kind === 'drop') delete record[mutation.name];
  // defineProperty: `__proto__` becomes a real member of the JSON, as a client would send it.
  else Object.defineProperty(record, mutation.name, { value: mutation.value, enumerable: true, writable: true });
  return { text: toJsonText(record), contentType: 'application/json' };
}

/** Query or path text a careless client sends: not decimal, blank, percent-encoded invalid UTF-8. */
export const hostileParameter: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0x10',
    '%205',
    '1e2',
    '1.5',
    '-1',
    '0',
    '+3',
    '٣',
    '9'.repeat(30),
    '%ED%A0%80',
    '%FF',
    '%00',
    '%',
    '..',
    'null',
  ),
  hostileString.filter((value) => value.length < 3000).map((value) => encodeText(value)),
);

/** Percent-encodes text for a URL, lone surrogates included (encodeURIComponent throws on them). */
export function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff)
      out += `%${[0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => byte.toString(16).toUpperCase()).join('%')}`;
    else out += encodeURIComponent(char);
  }
  return out;
}
