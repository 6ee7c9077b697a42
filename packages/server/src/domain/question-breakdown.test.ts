import type { Question } from '@hearback/forms';
import { describe, expect, it } from 'vitest';
import { KNOWN_BREAKDOWNS, KNOWN_QUESTIONS, KNOWN_RESPONSES } from '../../test/support/known-responses.js';
import { questionBreakdowns } from './question-breakdown.js';

describe('questionBreakdowns', () => {
  it('gives the hand-computed figures of a known set of responses, layout controls skipped', () => {
    expect(questionBreakdowns(KNOWN_QUESTIONS, KNOWN_RESPONSES)).toEqual(KNOWN_BREAKDOWNS);
  });

  it('gives empty figures without responses: zero counts, null averages and scores', () => {
    const [stars, nps, , number] = questionBreakdowns(
      [KNOWN_QUESTIONS[1], KNOWN_QUESTIONS[3], KNOWN_QUESTIONS[4], KNOWN_QUESTIONS[9]] as Question[],
      [],
    );
    expect(stars).toMatchObject({ answered: 0, average: null });
    expect(stars?.distribution?.every((bucket) => bucket.count === 0)).toBe(true);
    expect(nps?.nps).toEqual({ score: null, responses: 0, promoters: 0, passives: 0, detractors: 0 });
    expect(number).toMatchObject({ answered: 0, average: null, min: null, max: null });
  });

  it('keeps the five latest text answers and never shows emails or phone numbers', () => {
    const responses = Array.from({ length: 7 }, (_, index) => ({
      id: `resp_${index}`,
      createdAt: `2026-11-0${index + 1}T00:00:00.000Z`,
      answers: { comment: `answer ${index}`, email: `p${index}@example.com`, phone: '+14155550100' },
    }));
    const [comment, email, phone] = questionBreakdowns(
      [KNOWN_QUESTIONS[10], KNOWN_QUESTIONS[12], KNOWN_QUESTIONS[13]] as Question[],
      responses,
    );
    expect(comment?.recentAnswers?.map((answer) => answer.answer)).toEqual([
      'answer 6',
      'answer 5',
      'answer 4',
      'answer 3',
      'answer 2',
    ]);
    expect(JSON.stringify([email, phone])).not.toMatch(/example\.com|4155550100/);
  });

  it('follows a star rating’s own scale and leaves out answers off the current scale', () => {
    const [stars] = questionBreakdowns(
      [{ id: 'stars', type: 'star_rating', title: 'Rate', max: 3 }],
      [5, 3, 1].map((value, index) => ({ id: `r${index}`, createdAt: '', answers: { stars: value } })),
    );
    expect(stars).toMatchObject({
      answered: 2,
      average: 2,
      distribution: [
        { value: 1, count: 1 },
        { value: 2, count: 0 },
        { value: 3, count: 1 },
      ],
    });
  });
});
