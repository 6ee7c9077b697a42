import type { Question } from '@hearback/forms';
import { describe, expect, it } from 'vitest';
import type { PageResponse } from './feedback-page.js';
import { csvField, responseCsv } from './response-csv.js';

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

describe('responseCsv', () => {
  const questions: Question[] = [
    { id: 'intro', type: 'section_header', title: 'Intro' },
    { id: 'nps', type: 'nps', title: 'Recommend us, honestly?' },
    { id: 'picks', type: 'multiple_choice', title: 'Picks', options: [] },
    { id: 'note', type: 'long_text', title: 'Note' },
  ];
  const response: PageResponse = {
    id: 'resp_1',
    orgId: 'org_1',
    pageId: 'page_1',
    brandId: null,
    pageVersion: 2,
    answers: { nps: 9, picks: ['a', 'b'], note: '-bad' },
    contact: { name: 'Ana', email: 'ana@example.com' },
    context: null,
    channel: 'api',
    ipAddress: null,
    userAgent: null,
    createdAt: '2026-11-01T10:00:00.000Z',
  };

  it('heads one column per answerable question by title, after the response columns', () => {
    expect(responseCsv(questions).header).toBe(
      'id,createdAt,pageVersion,contactName,contactEmail,"Recommend us, honestly?",Picks,Note\r\n',
    );
  });

  it('fills a record, joining several values with "; " and neutralising formulas', () => {
    expect(responseCsv(questions).record(response)).toBe(
      "resp_1,2026-11-01T10:00:00.000Z,2,Ana,ana@example.com,9,a; b,'-bad\r\n",
    );
    expect(responseCsv(questions).record({ ...response, contact: null, answers: {} })).toBe(
      'resp_1,2026-11-01T10:00:00.000Z,2,,,,,\r\n',
    );
  });
});
