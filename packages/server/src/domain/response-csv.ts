import { type AnswerValue, isAnswerable, type Question, valueOfQuestion } from '@hearback/forms';
import { csvRecord } from './csv.js';
import type { PageResponse } from './feedback-page.js';

/** How several values of one answer (`multiple_choice`, `rank_order`) share a cell. */
export const MULTI_VALUE_SEPARATOR = '; ';

function answerField(answer: AnswerValue | undefined): string | number | undefined {
  return Array.isArray(answer) ? answer.join(MULTI_VALUE_SEPARATOR) : answer;
}

/**
 * The columns of a page's CSV export and how a response fills them: the response's id, time,
 * page version and contact, then one column per answerable question of the current version,
 * headed by its title.
 *
 * @example
 * const csv = responseCsv(page.questions);
 * csv.header + responses.map(csv.record).join('');
 */
export function responseCsv(questions: readonly Question[]) {
  const answerable = questions.filter((question) => isAnswerable(question.type));
  return {
    header: csvRecord([
      'id',
      'createdAt',
      'pageVersion',
      'contactName',
      'contactEmail',
      ...answerable.map((question) => question.title),
    ]),
    record: (response: PageResponse): string =>
      csvRecord([
        response.id,
        response.createdAt,
        response.pageVersion,
        response.contact?.name,
        response.contact?.email,
        ...answerable.map((question) => answerField(valueOfQuestion(response.answers, question.id))),
      ]),
  };
}
