import type { Question } from '@hearback/forms';
import { describe, expect, it } from 'vitest';
import type { PageResponse } from './feedback-page.js';
import { responseCsv } from './response-csv.js';

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
