import { describe, expect, it } from 'vitest';
import { utf8FormFields } from './form-body.js';

const fieldsOf = (body: string) => utf8FormFields(new TextEncoder().encode(body));
const asUrlSearchParams = (body: string) => [...new URLSearchParams(body)];

describe('utf8FormFields', () => {
  it('reads UTF-8 forms exactly as URLSearchParams does', () => {
    for (const body of [
      '',
      'a=1',
      'a=1&b=2&a=3',
      '&&a=&=b&c&',
      'q.why=caf%C3%A9+au+lait',
      'q.why=caf%c3%a9',
      'x=100%&y=%2&z=%zz&w=%%41',
      'emoji=%F0%9F%91%8D&raw=café',
      'bom=%EF%BB%BFx',
      'plus=%2B+%20',
      'eq=a=b=c',
    ]) {
      expect(fieldsOf(body), body).toEqual(asUrlSearchParams(body));
    }
  });

  it('is undefined when a name or value is not UTF-8, where URLSearchParams would put U+FFFD', () => {
    for (const body of ['a=caf%E9', 'caf%E9=1', 'a=%ED%A0%80', 'a=%C0%AF', 'a=%C3', 'a=ok&b=%FF']) {
      expect(fieldsOf(body), body).toBeUndefined();
      expect(
        asUrlSearchParams(body).some(([name, value]) => `${name}${value}`.includes('\uFFFD')),
        body,
      ).toBe(true);
    }
    expect(utf8FormFields(new Uint8Array([0x61, 0x3d, 0xe9]))).toBeUndefined();
  });
});
