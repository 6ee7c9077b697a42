import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from './csv.js';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tindented', "'\tindented"],
    ['\rreturn', `"'\rreturn"`],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes numbers as they are, negatives included, and nothing for a missing value', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
