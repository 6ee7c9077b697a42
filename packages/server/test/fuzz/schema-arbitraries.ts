import fc from 'fast-check';
import { type OpenApiDocument, resolveSchema, type Schema } from './openapi-operations.js';

/**
 * Values the fixtures know for a property name (an `inboxKey` of a real inbox, say), so that valid
 * requests reach the service instead of stopping at a 404; undefined: generate from the schema.
 */
export type Hints = (propertyName: string) => fc.Arbitrary<unknown> | undefined;

const MAX_DEPTH = 4;

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  return ['string', 'integer', 'boolean', 'object', 'array', 'null'];
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, minLength + 60);
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  }
  if (schema.format === 'uri') return fc.webUrl();
  // Random text rarely matches a pattern (an id's) or is an address: a filter on it would draw forever.
  // (fast-check draws from simple patterns only: one with a lookahead keeps the text below.)
  const matching = typeof schema.pattern === 'string' ? patternArbitrary(schema.pattern) : undefined;
  if (matching) return matching.filter((value) => value.length <= maxLength);
  if (schema.format === 'email') return fc.emailAddress().filter((value) => value.length <= maxLength);
  // Printable text with a non-space first character: valid for trimmed names as for free text.
  return fc
    .tuple(fc.constantFrom('a', 'Z', '7', 'é', '字', '🙂'), fc.string({ unit: 'grapheme', maxLength }))
    .map(([first, rest]) => (first + rest).slice(0, Math.max(maxLength, 1)))
    .filter((value) => [...value].length >= minLength && value.length <= maxLength);
}

// One arbitrary per pattern for the whole run: the runner rebuilds its arbitraries every batch, and
// fast-check works out a string arbitrary's "dangerous strings" once per character arbitrary, which
// for a negated class (`[^;{}<>…]`, on 48 fields) filters each character through the class: that
// was a fifth of the fuzz test's CPU. Arbitraries hold no state, so the draws stay the same.
const patternArbitraries = new Map<string, fc.Arbitrary<string> | undefined>();

function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  if (!patternArbitraries.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | undefined;
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern));
    } catch {
      arbitrary = undefined;
    }
    patternArbitraries.set(pattern, arbitrary);
  }
  return patternArbitraries.get(pattern);
}

function integerFor(schema: Schema): fc.Arbitrary<number> {
  const min = (schema.minimum as number | undefined) ?? -3;
  const max = (schema.maximum as number | undefined) ?? Math.max(min + 15, 12);
  return fc.integer({ min, max });
}

/**
 * A fast-check arbitrary of values that the schema accepts (type, enum, bounds, lengths, formats,
 * required and optional members, anyOf/oneOf), with `hints` for members the fixtures can fill.
 *
 * @example
 * const body = fc.sample(arbitraryOf(document, operation.body, hints), 1)[0];
 */
export function arbitraryOf(
  document: OpenApiDocument,
  input: Schema,
  hints: Hints = () => undefined,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, input);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && !schema.properties) {
    return fc.oneof(...alternatives.map((alternative) => arbitraryOf(document, alternative, hints, depth)));
  }
  const kinds = typesOf(schema).filter((kind) => depth < MAX_DEPTH || (kind !== 'object' && kind !== 'array'));
  // Deeper than MAX_DEPTH, a container holds nothing (a page's theme's dark colours, say).
  if (kinds.length === 0) return fc.constant(typesOf(schema).includes('array') ? [] : {});
  return fc.oneof(...kinds.map((kind) => valueOfType(document, schema, kind, hints, depth)));
}

function valueOfType(
  document: OpenApiDocument,
  schema: Schema,
  kind: string,
  hints: Hints,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return integerFor(schema);
    case 'number':
      return fc.double({
        min: (schema.minimum as number) ?? -1e6,
        max: (schema.maximum as number) ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(document, schema.items ?? {}, hints, depth + 1), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.max((schema.minItems as number | undefined) ?? 0, 4),
      });
    default:
      return objectOf(document, schema, hints, depth);
  }
}

function objectOf(document: OpenApiDocument, schema: Schema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const minKeys = (schema.minProperties as number | undefined) ?? 0;
  const maxKeys = schema.maxProperties as number | undefined;
  if (Object.keys(properties).length === 0) {
    // A map (an erasure's one context member) takes its values' schema; a free-form object
    // (`context`) a few JSON members.
    const values =
      typeof schema.additionalProperties === 'object'
        ? arbitraryOf(document, schema.additionalProperties as Schema, hints, depth + 1)
        : fc.jsonValue({ maxDepth: 2 });
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { minKeys, maxKeys: maxKeys ?? 4 });
  }
  const members = Object.fromEntries(
    Object.entries(properties).map(([name, member]) => [
      name,
      hints(name) ?? arbitraryOf(document, member, hints, depth + 1),
    ]),
  );
  const required = new Set(schema.required ?? []);
  const record = fc.record(members, { requiredKeys: [...required] });
  // min/maxProperties (an erasure's one of two ways) and anyOf-of-required (PATCH bodies): as many
  // members as the server takes, one of them a member it needs.
  const needsOne = (schema.anyOf ?? []).flatMap((alternative) => alternative.required ?? []);
  if (needsOne.length === 0 && minKeys === 0 && maxKeys === undefined) return record;
  return record.filter((value) => {
    const count = Object.keys(value as object).length;
    return (
      count >= minKeys &&
      count <= (maxKeys ?? count) &&
      (needsOne.length === 0 || needsOne.some((name) => name in (value as object)))
    );
  });
}
