import type { FeedbackPage, FeedbackPageUpdate, PageSettings } from '@hearback/client';
import { isChoice, type QuestionType } from '@hearback/forms';
import { QUESTION_TYPE_LABELS } from './question-type-labels.js';

/** A question as the builder edits it: the API's write shape (its `id` kept, so answers stay together). */
export type QuestionDraft = NonNullable<FeedbackPageUpdate['questions']>[number];

/** A question in the builder's list; `key` is stable while editing (new questions have no `id` yet). */
export interface DraftItem {
  key: string;
  question: QuestionDraft;
}

/** What the builder edits; saved as one PATCH. */
export interface PageDraft {
  title: string;
  slug: string;
  description: string;
  items: DraftItem[];
  settings: PageSettings;
}

let newKeys = 0;
const newKey = () => `new-${++newKeys}`;

/** The draft of a page as stored. */
export function draftOf(page: FeedbackPage): PageDraft {
  return {
    title: page.title,
    slug: page.slug,
    description: page.description ?? '',
    items: page.questions.map((question) => ({ key: question.id, question })),
    settings: page.settings,
  };
}

/** A new question of `type`, ready to edit: a choice question starts with the two options it needs. */
export function newQuestion(type: QuestionType): DraftItem {
  const question: QuestionDraft = { type, title: QUESTION_TYPE_LABELS[type].replace(/ \(.*\)$/, '') };
  if (isChoice(type))
    question.options = [
      { value: 'option-1', label: 'Option 1' },
      { value: 'option-2', label: 'Option 2' },
    ];
  return { key: newKey(), question };
}

/** The PATCH body of a draft: every member, `questions` as the whole list in its order. */
export function updateOf(draft: PageDraft): FeedbackPageUpdate {
  return {
    title: draft.title,
    slug: draft.slug,
    description: draft.description.trim() === '' ? null : draft.description,
    questions: draft.items.map((item) => item.question),
    // The resource's theme colours are a record; the update names each token (the same keys).
    settings: draft.settings as FeedbackPageUpdate['settings'],
  };
}

/**
 * The list with `moved` taken out and put before or after `target` (a drop of the drag-and-drop
 * list, by pointer or keyboard).
 */
export function reorder(
  items: readonly DraftItem[],
  moved: ReadonlySet<string | number>,
  target: string | number,
  position: 'before' | 'after' | 'on',
): DraftItem[] {
  const taken = items.filter((item) => moved.has(item.key));
  const rest = items.filter((item) => !moved.has(item.key));
  const at = rest.findIndex((item) => item.key === target);
  if (at < 0) return [...items];
  const index = position === 'before' ? at : at + 1;
  return [...rest.slice(0, index), ...taken, ...rest.slice(index)];
}
