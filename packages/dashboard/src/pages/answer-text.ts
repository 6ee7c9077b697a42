import type { PageResponse, Question } from '@hearback/client';

/**
 * An answer as people read it: option labels instead of values (in the given order for a
 * ranking), numbers and text as they are. Always plain text: the screens render it as text.
 */
export function answerText(question: Question, answer: PageResponse['answers'][string] | undefined): string {
  if (answer === undefined) return '';
  const label = (value: string) => question.options?.find((option) => option.value === value)?.label ?? value;
  if (Array.isArray(answer)) return answer.map(label).join(question.type === 'rank_order' ? ' › ' : ', ');
  if (typeof answer === 'string' && question.options) return label(answer);
  return String(answer);
}
