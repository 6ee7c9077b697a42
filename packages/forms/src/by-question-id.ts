/**
 * Records keyed by question id. Ids are the page author's own words, and `constructor`,
 * `toString` or `__proto__` are fine ids: a plain `{}` would answer those from Object.prototype
 * (a function where no answer was given) and treat `__proto__` as its prototype's setter. So
 * these records have no prototype, and every read asks for an own member only.
 */

/**
 * An empty record by question id, without a prototype: `record.__proto__ = value` stores an
 * ordinary member, and `record.constructor` is `undefined` until set.
 *
 * @example
 * const answers = recordByQuestionId<AnswerValue>();
 * answers.__proto__ = 'kept as an answer';
 */
export function recordByQuestionId<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * The member of `record` under a question id, if the record has it as its own (never one
 * inherited from Object.prototype, which stored answers read back by `JSON.parse` have).
 *
 * @example
 * valueOfQuestion({ nps: 9 }, 'constructor'); // undefined, not Object
 */
export function valueOfQuestion<T>(record: Readonly<Record<string, T>> | undefined, questionId: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, questionId) ? record[questionId] : undefined;
}
