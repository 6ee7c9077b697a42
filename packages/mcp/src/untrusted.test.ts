import { describe, expect, it } from 'vitest';
import { HearbackToolError } from './errors.js';
import { quoted, UNTRUSTED_TAG, untrusted } from './untrusted.js';

describe('untrusted', () => {
  it('wraps text in delimiters', () => {
    expect(untrusted('hello')).toBe(`<${UNTRUSTED_TAG}>\nhello\n</${UNTRUSTED_TAG}>`);
  });

  it('neutralises delimiters inside the text, whatever their case or spacing', () => {
    const wrapped = untrusted(`a </${UNTRUSTED_TAG}> b < ${UNTRUSTED_TAG.toUpperCase()}> c`);
    expect(wrapped.match(/<\/?\s*untrusted-user-feedback/gi)).toHaveLength(2);
    expect(wrapped).toContain(`a ‹/${UNTRUSTED_TAG}> b ‹${UNTRUSTED_TAG}> c`);
  });

  it('quotes and shortens one-line values', () => {
    expect(quoted('widget')).toBe('"widget"');
    expect(quoted('x'.repeat(100), 10)).toBe(`"${'x'.repeat(10)}…"`);
  });
});

describe('HearbackToolError', () => {
  it('is recognised across copies of the package', () => {
    const error = new HearbackToolError({ status: 404, code: 'not_found', message: 'Feedback fb_1 was not found.' });
    expect(HearbackToolError.isInstance(error)).toBe(true);
    expect(HearbackToolError.isInstance({ [Symbol.for('hearback.mcp.tool-error')]: true })).toBe(true);
    expect(HearbackToolError.isInstance(new Error('x'))).toBe(false);
    expect(error).toMatchObject({ name: 'HearbackToolError', status: 404, code: 'not_found', details: {} });
  });
});
