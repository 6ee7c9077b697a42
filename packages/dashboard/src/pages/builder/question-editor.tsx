import {
  isAnswerable,
  PAGE_LIMITS,
  type QuestionMember,
  type QuestionType,
  RATING_SCALES,
  STAR_SCALE_LIMITS,
  TEXT_LIMITS,
  takesMember,
} from '@hearback/forms';
import { useId } from 'react';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/fields.js';
import type { QuestionDraft } from './page-draft.js';
import { QUESTION_TYPE_LABELS } from './question-type-labels.js';

/** What `min` and `max` mean for each type that takes them. */
const BOUND_LABELS: Partial<Record<QuestionType, { min?: string; max: string }>> = {
  number: { min: 'Lowest number', max: 'Highest number' },
  multiple_choice: { min: 'Fewest choices', max: 'Most choices' },
  star_rating: { max: `Number of stars (${STAR_SCALE_LIMITS.min}–${STAR_SCALE_LIMITS.max})` },
};

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));
const textOrUndefined = (text: string) => (text === '' ? undefined : text);

/** One choice question's options: label (what people read) and value (what answers carry). */
function OptionsEditor({
  question,
  name,
  onChange,
}: {
  question: QuestionDraft;
  name: string;
  onChange: (options: NonNullable<QuestionDraft['options']>) => void;
}) {
  const options = question.options ?? [];
  const set = (index: number, member: 'label' | 'value', text: string) =>
    onChange(options.map((option, at) => (at === index ? { ...option, [member]: text } : option)));
  return (
    <fieldset className="options-editor">
      <legend>Options</legend>
      {options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options have no identity but their place while edited
        <div className="option-row" key={index}>
          <TextField
            label={`Option ${index + 1} label`}
            name={`${name}.options.${index}.label`}
            value={option.label}
            maxLength={PAGE_LIMITS.optionLabelLength}
            onChange={(event) => set(index, 'label', event.target.value)}
          />
          <TextField
            label={`Option ${index + 1} value`}
            name={`${name}.options.${index}.value`}
            value={option.value}
            maxLength={PAGE_LIMITS.optionValueLength}
            onChange={(event) => set(index, 'value', event.target.value)}
          />
          <Button
            variant="quiet"
            onClick={() => onChange(options.filter((_, at) => at !== index))}
            aria-label={`Remove option ${index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        disabled={options.length >= PAGE_LIMITS.options}
        onClick={() => {
          const next = options.length + 1;
          onChange([...options, { value: `option-${next}`, label: `Option ${next}` }]);
        }}
      >
        Add option
      </Button>
    </fieldset>
  );
}

/**
 * The selected question's editor: the members its type takes (`takesMember`, the same table the
 * server checks), each named like the API's path so the server's errors show beside it.
 */
export function QuestionEditor({
  question,
  index,
  onChange,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const requiredId = `${id}-required`;
  const name = `questions.${index}`;
  const takes = (member: QuestionMember) => takesMember(question.type, member);
  const set = <Member extends keyof QuestionDraft>(member: Member, value: QuestionDraft[Member]) => {
    const next = { ...question, [member]: value };
    if (value === undefined) delete next[member];
    onChange(next);
  };
  const bounds = BOUND_LABELS[question.type];
  const textLimit = question.type === 'short_text' || question.type === 'long_text' ? TEXT_LIMITS[question.type] : 0;
  return (
    <section className="question-editor" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        Question {index + 1}: <span className="muted">{QUESTION_TYPE_LABELS[question.type]}</span>
      </h2>
      <TextField
        label={isAnswerable(question.type) ? 'Question' : 'Title'}
        name={`${name}.title`}
        value={question.title}
        required
        maxLength={PAGE_LIMITS.questionTitleLength}
        onChange={(event) => set('title', event.target.value)}
      />
      <TextField
        label={question.type === 'content_block' ? 'Text' : 'Description'}
        name={`${name}.description`}
        multiline
        value={question.description ?? ''}
        maxLength={PAGE_LIMITS.descriptionLength}
        onChange={(event) => set('description', textOrUndefined(event.target.value))}
      />
      {isAnswerable(question.type) && (
        <div className="checkbox-field">
          <input
            id={requiredId}
            type="checkbox"
            name={`${name}.required`}
            checked={question.required ?? false}
            onChange={(event) => set('required', event.target.checked || undefined)}
          />
          <label htmlFor={requiredId}>Required</label>
        </div>
      )}
      {takes('options') && (
        <OptionsEditor question={question} name={name} onChange={(options) => set('options', options)} />
      )}
      {bounds && (
        <div className="row">
          {bounds.min && takes('min') && (
            <TextField
              label={bounds.min}
              name={`${name}.min`}
              type="number"
              value={question.min ?? ''}
              onChange={(event) => set('min', numberOrUndefined(event.target.value))}
            />
          )}
          {takes('max') && (
            <TextField
              label={bounds.max}
              name={`${name}.max`}
              type="number"
              value={question.max ?? ''}
              // A star rating without its own max asks on its type's scale: say so rather than show nothing.
              placeholder={question.type === 'star_rating' ? String(RATING_SCALES.star_rating.max) : undefined}
              onChange={(event) => set('max', numberOrUndefined(event.target.value))}
            />
          )}
        </div>
      )}
      {takes('minDate') && (
        <div className="row">
          <TextField
            label="Earliest date"
            name={`${name}.minDate`}
            type="date"
            value={question.minDate ?? ''}
            onChange={(event) => set('minDate', textOrUndefined(event.target.value))}
          />
          <TextField
            label="Latest date"
            name={`${name}.maxDate`}
            type="date"
            value={question.maxDate ?? ''}
            onChange={(event) => set('maxDate', textOrUndefined(event.target.value))}
          />
        </div>
      )}
      {takes('maxLength') && (
        <TextField
          label="Longest answer (characters)"
          name={`${name}.maxLength`}
          type="number"
          min={1}
          max={textLimit}
          description={`Up to ${textLimit.toLocaleString('en')}.`}
          value={question.maxLength ?? ''}
          onChange={(event) => set('maxLength', numberOrUndefined(event.target.value))}
        />
      )}
      {takes('placeholder') && (
        <TextField
          label="Placeholder"
          name={`${name}.placeholder`}
          value={question.placeholder ?? ''}
          onChange={(event) => set('placeholder', textOrUndefined(event.target.value))}
        />
      )}
      <div className="row">
        <Button variant="danger" onClick={onRemove}>
          Remove question
        </Button>
      </div>
    </section>
  );
}
