import {
  type AnswerValue,
  isAnswerable,
  isChoice,
  isRating,
  type Question,
  ratingScale,
  valueOfQuestion,
} from '@hearback/forms';
import {
  CSAT_SATISFIED_MIN,
  type CsatFigures,
  csatFigures,
  NPS_DETRACTOR_MAX,
  NPS_PROMOTER_MIN,
  type NpsFigures,
  npsFigures,
  roundTo,
} from './satisfaction-scores.js';

/** How many of a text question's latest answers a breakdown shows. */
export const RECENT_TEXT_ANSWERS = 5;

/** What a breakdown reads of one response: when it came and what it answered. */
export interface AnsweredResponse {
  id: string;
  createdAt: string;
  answers: Readonly<Record<string, AnswerValue>>;
}

/**
 * The figures of one question over a set of responses. `answered` counts the responses whose
 * answer fits the current question (answers to a removed option, or of another type under the
 * same id after an edit, are left out). The other members depend on the type.
 */
export interface QuestionBreakdown {
  questionId: string;
  type: Question['type'];
  title: string;
  answered: number;
  /** Ratings: the count of each value of the whole scale, zeros included. */
  distribution?: { value: number; count: number }[];
  /** Ratings and `number`: the mean, two decimals; null without answers. */
  average?: number | null;
  /** `number`: the lowest and highest answers. */
  min?: number | null;
  max?: number | null;
  nps?: NpsFigures;
  csat?: CsatFigures;
  /** Choice types but `rank_order`: how many responses picked each option, in the question's order. */
  options?: { value: string; label: string; count: number }[];
  /** `rank_order`: each option's average position (1 = first), best first; null when never ranked. */
  ranks?: { value: string; label: string; averageRank: number | null }[];
  /** Text types: the latest answers, newest first. Emails and phone numbers are never shown. */
  recentAnswers?: { responseId: string; answer: string; createdAt: string }[];
}

const averageOf = (values: number[]): number | null =>
  values.length === 0 ? null : roundTo(values.reduce((sum, value) => sum + value, 0) / values.length, 2);

function ratingBreakdown(question: Question, values: number[]): Partial<QuestionBreakdown> {
  const { min, max } = ratingScale(question as Question & { type: 'star_rating' });
  const onScale = values.filter((value) => Number.isInteger(value) && value >= min && value <= max);
  const distribution = Array.from({ length: max - min + 1 }, (_, index) => ({
    value: min + index,
    count: onScale.filter((value) => value === min + index).length,
  }));
  const figures: Partial<QuestionBreakdown> = { answered: onScale.length, distribution, average: averageOf(onScale) };
  if (question.type === 'nps') {
    figures.nps = npsFigures({
      responses: onScale.length,
      promoters: onScale.filter((value) => value >= NPS_PROMOTER_MIN).length,
      detractors: onScale.filter((value) => value <= NPS_DETRACTOR_MAX).length,
    });
  }
  if (question.type === 'csat') {
    figures.csat = csatFigures({
      responses: onScale.length,
      satisfied: onScale.filter((value) => value >= CSAT_SATISFIED_MIN).length,
    });
  }
  return figures;
}

function choiceBreakdown(question: Question, answers: AnswerValue[]): Partial<QuestionBreakdown> {
  const options = question.options ?? [];
  const known = new Set(options.map((option) => option.value));
  const picks = answers
    .map((answer) => (Array.isArray(answer) ? answer : [answer]).filter((value) => known.has(String(value))))
    .filter((picked) => picked.length > 0);
  return {
    answered: picks.length,
    options: options.map(({ value, label }) => ({
      value,
      label,
      count: picks.filter((picked) => picked.includes(value)).length,
    })),
  };
}

function rankBreakdown(question: Question, answers: AnswerValue[]): Partial<QuestionBreakdown> {
  const options = question.options ?? [];
  const rankings = answers.filter((answer): answer is string[] => Array.isArray(answer));
  const ranks = options.map(({ value, label }) => {
    const positions = rankings.map((ranking) => ranking.indexOf(value) + 1).filter((position) => position > 0);
    return { value, label, averageRank: averageOf(positions) };
  });
  // Best (lowest) average first; options never ranked last, in the question's order.
  const ordered = ranks
    .map((rank, order) => ({ rank, order }))
    .sort((a, b) => (a.rank.averageRank ?? Infinity) - (b.rank.averageRank ?? Infinity) || a.order - b.order)
    .map(({ rank }) => rank);
  return { answered: rankings.length, ranks: ordered };
}

function numberBreakdown(values: number[]): Partial<QuestionBreakdown> {
  return {
    answered: values.length,
    average: averageOf(values),
    min: values.length === 0 ? null : Math.min(...values),
    max: values.length === 0 ? null : Math.max(...values),
  };
}

function textBreakdown(question: Question, responses: readonly AnsweredResponse[]): Partial<QuestionBreakdown> {
  const answered = responses
    .map((response) => ({ response, answer: valueOfQuestion(response.answers, question.id) }))
    .filter((entry): entry is { response: AnsweredResponse; answer: string } => typeof entry.answer === 'string')
    .sort(
      (a, b) => b.response.createdAt.localeCompare(a.response.createdAt) || b.response.id.localeCompare(a.response.id),
    );
  return {
    answered: answered.length,
    recentAnswers: answered.slice(0, RECENT_TEXT_ANSWERS).map(({ response, answer }) => ({
      responseId: response.id,
      answer,
      createdAt: response.createdAt,
    })),
  };
}

function figuresOf(question: Question, responses: readonly AnsweredResponse[]): Partial<QuestionBreakdown> {
  const answers = responses
    .map((response) => valueOfQuestion(response.answers, question.id))
    .filter((answer): answer is AnswerValue => answer !== undefined);
  const numbers = answers.filter((answer): answer is number => typeof answer === 'number');
  if (isRating(question.type)) return ratingBreakdown(question, numbers);
  if (question.type === 'rank_order') return rankBreakdown(question, answers);
  if (isChoice(question.type)) return choiceBreakdown(question, answers);
  if (question.type === 'number') return numberBreakdown(numbers);
  if (question.type === 'short_text' || question.type === 'long_text') return textBreakdown(question, responses);
  // email, phone, date: how many answered, nothing of what they said.
  return { answered: answers.filter((answer) => typeof answer === 'string').length };
}

/**
 * Per-question figures of a page's responses, over its current questions (layout controls
 * skipped): rating distributions and averages, NPS, CSAT %, choice counts, average ranks, number
 * ranges, and the latest text answers.
 *
 * @example
 * questionBreakdowns([{ id: 'nps', type: 'nps', title: 'Recommend us?' }], responses)[0].nps?.score; // 25
 */
export function questionBreakdowns(
  questions: readonly Question[],
  responses: readonly AnsweredResponse[],
): QuestionBreakdown[] {
  return questions
    .filter((question) => isAnswerable(question.type))
    .map((question) => ({
      questionId: question.id,
      type: question.type,
      title: question.title,
      answered: 0,
      ...figuresOf(question, responses),
    }));
}
