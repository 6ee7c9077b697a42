import { strictUtf8 } from './json-body-encoding.js';

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PERCENT = 0x25;
const PLUS = 0x2b;
const SPACE = 0x20;

/** The value of an ASCII hex digit, or -1. */
function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** A name or value's bytes with `+` as a space and each `%XX` as its byte (a `%` without two hex digits stays). */
function percentDecoded(bytes: Uint8Array): Uint8Array {
  const decoded = new Uint8Array(bytes.length);
  let length = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    const high = byte === PERCENT ? hexValue(bytes[index + 1]) : -1;
    const low = high === -1 ? -1 : hexValue(bytes[index + 2]);
    if (low !== -1) {
      decoded[length++] = high * 16 + low;
      index += 2;
    } else {
      decoded[length++] = byte === PLUS ? SPACE : byte;
    }
  }
  return decoded.subarray(0, length);
}

/**
 * The fields of an `application/x-www-form-urlencoded` body, in order, parsed as URLSearchParams
 * parses them (WHATWG), except that a name or value whose bytes, raw or percent-encoded, are not
 * UTF-8 makes the whole body unreadable (undefined) instead of turning into U+FFFD: what the
 * respondent typed is stored as typed or not at all.
 *
 * @example
 * utf8FormFields(new TextEncoder().encode('q.why=caf%C3%A9+au+lait')); // [['q.why', 'café au lait']]
 * utf8FormFields(new TextEncoder().encode('q.why=caf%E9')); // undefined
 */
export function utf8FormFields(bytes: Uint8Array): [string, string][] | undefined {
  const fields: [string, string][] = [];
  let start = 0;
  for (let end = 0; end <= bytes.length; end += 1) {
    if (end < bytes.length && bytes[end] !== AMPERSAND) continue;
    const sequence = bytes.subarray(start, end);
    start = end + 1;
    if (sequence.length === 0) continue;
    const equals = sequence.indexOf(EQUALS);
    const name = strictUtf8(percentDecoded(equals === -1 ? sequence : sequence.subarray(0, equals)), true);
    const value = equals === -1 ? '' : strictUtf8(percentDecoded(sequence.subarray(equals + 1)), true);
    if (name === undefined || value === undefined) return undefined;
    fields.push([name, value]);
  }
  return fields;
}
