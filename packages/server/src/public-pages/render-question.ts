import {
  CSAT_WORDS,
  EMOJI_FACES,
  EMOJI_WORDS,
  isRating,
  type Question,
  type RatingType,
  ratingScale,
} from '@hearback/forms';
import { escapeHtml } from '../lib/html.js';
import { controlId, descriptionId, errorId, FIELD } from './form-fields.js';
import { paragraphs } from './html.js';

/** What the form shows in a question: the value given (after a refused post) and its error. */
export interface QuestionState {
  value?: unknown;
  error?: string | undefined;
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];

/** `aria-describedby` (description, error) and `aria-invalid` for a question's control. */
function describedBy(question: Question, state: QuestionState): string {
  const ids = [
    ...(question.description ? [descriptionId(question.id)] : []),
    ...(state.error ? [errorId(question.id)] : []),
  ];
  return (ids.length > 0 ? ` aria-describedby="${ids.join(' ')}"` : '') + (state.error ? ' aria-invalid="true"' : '');
}

/** The description and the error slot (always present, so the script can fill it). */
function notes(question: Question, state: QuestionState): string {
  const description = question.description
    ? `<div class="description" id="${descriptionId(question.id)}">${paragraphs(question.description)}</div>`
    : '';
  const error = `<p class="error" id="${errorId(question.id)}"${state.error ? '' : ' hidden'}>${
    state.error ? escapeHtml(state.error) : ''
  }</p>`;
  return description + error;
}

const requiredMark = (question: Question) =>
  question.required
    ? ' <span class="required" aria-hidden="true">*</span><span class="visually-hidden">(required)</span>'
    : '';

/** A group of radios or checkboxes in a fieldset whose legend is the question. */
function choiceGroup(
  question: Question,
  state: QuestionState,
  kind: 'radio' | 'checkbox',
  choices: { value: string; label: string; hiddenLabel?: string }[],
  className: string,
): string {
  const chosen = asList(state.value);
  const name = escapeHtml(FIELD.answer(question.id));
  // A required radio group is required by its first radio; checkboxes cannot say "at least one" natively.
  const items = choices
    .map((choice, index) => {
      const checked = chosen.includes(choice.value) ? ' checked' : '';
      const required = kind === 'radio' && question.required && index === 0 ? ' required' : '';
      const hidden = choice.hiddenLabel ? `<span class="visually-hidden">${escapeHtml(choice.hiddenLabel)}</span>` : '';
      return `<label class="choice"><input type="${kind}" name="${name}" value="${escapeHtml(choice.value)}"${checked}${required}><span dir="auto">${choice.label}</span>${hidden}</label>`;
    })
    .join('');
  return `<fieldset class="question ${className}" id="${controlId(question.id)}" data-question="${question.id}"${describedBy(question, state)}><legend dir="auto">${escapeHtml(question.title)}${requiredMark(question)}</legend>${notes(question, state)}<div class="choices">${items}</div></fieldset>`;
}

function ratingChoices(question: Question & { type: RatingType }) {
  const { min, max } = ratingScale(question);
  const choices: { value: string; label: string; hiddenLabel?: string }[] = [];
  for (let score = min; score <= max; score++) {
    const value = String(score);
    if (question.type === 'star_rating') {
      choices.push({ value, label: '★', hiddenLabel: `${score} of ${max} stars` });
    } else if (question.type === 'emoji_rating') {
      choices.push({ value, label: EMOJI_FACES[score - 1] ?? value, hiddenLabel: EMOJI_WORDS[score - 1] ?? value });
    } else if (question.type === 'csat') {
      choices.push({ value, label: `${score}`, hiddenLabel: ` ${CSAT_WORDS[score - 1] ?? ''}` });
    } else {
      choices.push({ value, label: value });
    }
  }
  return choices;
}

/** A labelled single control (input, textarea, select). */
function labelled(question: Question, state: QuestionState, control: string): string {
  return `<div class="question" data-question="${question.id}"><label class="title" for="${controlId(question.id)}" dir="auto">${escapeHtml(question.title)}${requiredMark(question)}</label>${notes(question, state)}${control}</div>`;
}

function input(question: Question, state: QuestionState, type: string, extra = ''): string {
  const value = state.value === undefined ? '' : ` value="${escapeHtml(String(state.value))}"`;
  const placeholder = question.placeholder ? ` placeholder="${escapeHtml(question.placeholder)}"` : '';
  const required = question.required ? ' required' : '';
  return labelled(
    question,
    state,
    `<input type="${type}" id="${controlId(question.id)}" name="${escapeHtml(FIELD.answer(question.id))}"${value}${placeholder}${required}${extra}${describedBy(question, state)} dir="auto">`,
  );
}

function rankOrder(question: Question, state: QuestionState): string {
  const options = question.options ?? [];
  const ranked = asList(state.value);
  const rows = options
    .map((option, index) => {
      const position = ranked.indexOf(option.value) + 1;
      const positions = options
        .map((_, slot) => `<option value="${slot + 1}"${position === slot + 1 ? ' selected' : ''}>${slot + 1}</option>`)
        .join('');
      const id = `${controlId(question.id)}-${index}`;
      const required = question.required ? ' required' : '';
      return `<div class="rank"><select id="${id}" name="${escapeHtml(FIELD.rank(question.id, index))}"${required}><option value="">–</option>${positions}</select><label for="${id}" dir="auto">${escapeHtml(option.label)}</label></div>`;
    })
    .join('');
  const hint = `<p class="hint">Give each option a different position, 1 for the first.</p>`;
  return `<fieldset class="question rank-order" id="${controlId(question.id)}" data-question="${question.id}"${describedBy(question, state)}><legend dir="auto">${escapeHtml(question.title)}${requiredMark(question)}</legend>${notes(question, state)}${hint}${rows}</fieldset>`;
}

/**
 * One question as native, labelled form controls that work without any script: ratings and
 * single choices as radio groups, multiple choices as checkboxes, a dropdown as a select, rank
 * order as a position select per option, typed inputs for email, phone, number and date, and the
 * layout controls as text. Every page-supplied string is escaped.
 */
export function renderQuestion(question: Question, state: QuestionState = {}): string {
  const options = (question.options ?? []).map((option) => ({ value: option.value, label: escapeHtml(option.label) }));
  if (isRating(question.type)) {
    return choiceGroup(
      question,
      state,
      'radio',
      ratingChoices(question as Question & { type: RatingType }),
      `rating ${question.type.replace('_', '-')}`,
    );
  }
  switch (question.type) {
    case 'section_header':
      return `<div class="section-header"><h2 dir="auto">${escapeHtml(question.title)}</h2>${
        question.description ? paragraphs(question.description) : ''
      }</div>`;
    case 'content_block':
      return `<div class="content-block"><h3 class="visually-hidden">${escapeHtml(question.title)}</h3>${paragraphs(
        question.description ?? question.title,
      )}</div>`;
    case 'single_choice':
      return choiceGroup(question, state, 'radio', options, 'single-choice');
    case 'multiple_choice':
      return choiceGroup(question, state, 'checkbox', options, 'multiple-choice');
    case 'dropdown': {
      const chosen = asList(state.value)[0];
      const items = options
        .map(
          (option) =>
            `<option value="${escapeHtml(option.value)}"${chosen === option.value ? ' selected' : ''}>${option.label}</option>`,
        )
        .join('');
      return labelled(
        question,
        state,
        `<select id="${controlId(question.id)}" name="${escapeHtml(FIELD.answer(question.id))}"${question.required ? ' required' : ''}${describedBy(question, state)}><option value="">Choose…</option>${items}</select>`,
      );
    }
    case 'rank_order':
      return rankOrder(question, state);
    case 'short_text':
      return input(question, state, 'text', question.maxLength ? ` maxlength="${question.maxLength}"` : '');
    case 'long_text': {
      const value = state.value === undefined ? '' : escapeHtml(String(state.value));
      const placeholder = question.placeholder ? ` placeholder="${escapeHtml(question.placeholder)}"` : '';
      const maxLength = question.maxLength ? ` maxlength="${question.maxLength}"` : '';
      return labelled(
        question,
        state,
        `<textarea id="${controlId(question.id)}" name="${escapeHtml(FIELD.answer(question.id))}" rows="5"${placeholder}${maxLength}${question.required ? ' required' : ''}${describedBy(question, state)} dir="auto">${value}</textarea>`,
      );
    }
    case 'email':
      return input(question, state, 'email', ' autocomplete="email"');
    case 'phone':
      return input(question, state, 'tel', ' autocomplete="tel"');
    case 'number': {
      const bounds =
        (question.min !== undefined ? ` min="${question.min}"` : '') +
        (question.max !== undefined ? ` max="${question.max}"` : '');
      return input(question, state, 'number', `${bounds} step="any" inputmode="decimal"`);
    }
    case 'date': {
      const bounds =
        (question.minDate ? ` min="${question.minDate}"` : '') + (question.maxDate ? ` max="${question.maxDate}"` : '');
      return input(question, state, 'date', bounds);
    }
    default:
      return '';
  }
}
