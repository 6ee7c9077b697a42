import type { PageSettings } from '@hearback/client';
import {
  CSAT_WORDS,
  DEFAULT_PAGE_COLORS,
  EMOJI_FACES,
  EMOJI_WORDS,
  isRating,
  PAGE_COLOR_TOKENS,
  type Question,
  type RatingType,
  ratingScale,
  STAR_COLOR,
} from '@hearback/forms';
import { type CSSProperties, type ReactNode, useId } from 'react';
import type { QuestionDraft } from './page-draft.js';

export type PreviewScheme = 'light' | 'dark';

/**
 * The page's colours in `scheme` as custom properties on the preview (React's `style` is CSSOM, which
 * the dashboard's `style-src 'self'` allows): the public page's defaults under the page's own theme.
 */
function previewStyle(settings: PageSettings, scheme: PreviewScheme): CSSProperties {
  const chosen = scheme === 'light' ? settings.theme.colors : settings.theme.dark?.colors;
  const style: Record<string, string> = {};
  for (const token of PAGE_COLOR_TOKENS) style[`--pv-${token}`] = chosen?.[token] || DEFAULT_PAGE_COLORS[scheme][token];
  style['--pv-star'] = STAR_COLOR;
  const { radius } = settings.theme;
  if (radius !== undefined && radius !== '') style['--pv-radius'] = typeof radius === 'number' ? `${radius}px` : radius;
  return style as CSSProperties;
}

/** A rating's choices, as the public page shows them (stars, faces, numbers). */
function ratingChoices(question: Question & { type: RatingType }): { label: string; spoken: string }[] {
  const { min, max } = ratingScale(question);
  const choices = [];
  for (let score = min; score <= max; score++) {
    if (question.type === 'star_rating') choices.push({ label: '★', spoken: `${score} of ${max} stars` });
    else if (question.type === 'emoji_rating')
      choices.push({ label: EMOJI_FACES[score - 1] ?? `${score}`, spoken: EMOJI_WORDS[score - 1] ?? `${score}` });
    else if (question.type === 'csat') choices.push({ label: `${score}`, spoken: CSAT_WORDS[score - 1] ?? '' });
    else choices.push({ label: `${score}`, spoken: `${score}` });
  }
  return choices;
}

function Choices({
  kind,
  name,
  choices,
}: {
  kind: 'radio' | 'checkbox';
  name: string;
  choices: { label: string; spoken: string }[];
}) {
  return (
    <div className="pv-choices">
      {choices.map((choice) => (
        <label className="pv-choice" key={choice.spoken + choice.label}>
          <input type={kind} name={name} />
          <span aria-hidden={choice.label !== choice.spoken}>{choice.label}</span>
          {choice.label !== choice.spoken && <span className="visually-hidden">{choice.spoken}</span>}
        </label>
      ))}
    </div>
  );
}

function PreviewQuestion({ question, id }: { question: QuestionDraft; id: string }) {
  const title = (
    <>
      {question.title}
      {question.required && (
        <>
          {' '}
          <span className="pv-required" aria-hidden="true">
            *
          </span>
          <span className="visually-hidden">(required)</span>
        </>
      )}
    </>
  );
  const description = question.description && <p className="pv-description">{question.description}</p>;
  const group = (className: string, body: ReactNode) => (
    <fieldset className={`pv-question ${className}`}>
      <legend className="pv-title">{title}</legend>
      {description}
      {body}
    </fieldset>
  );
  const labelled = (control: ReactNode) => (
    <div className="pv-question">
      <label className="pv-title" htmlFor={id}>
        {title}
      </label>
      {description}
      {control}
    </div>
  );
  const options = (question.options ?? []).map((option) => ({ label: option.label, spoken: option.label }));
  const full = { ...question, id } as Question;
  if (isRating(question.type))
    return group(
      `pv-rating pv-${question.type}`,
      <Choices kind="radio" name={id} choices={ratingChoices(full as Question & { type: RatingType })} />,
    );
  switch (question.type) {
    case 'section_header':
      return (
        <div className="pv-section">
          <h3 className="pv-section-title">{question.title}</h3>
          {question.description && <p>{question.description}</p>}
        </div>
      );
    case 'content_block':
      return <p className="pv-content">{question.description ?? question.title}</p>;
    case 'single_choice':
      return group('pv-list', <Choices kind="radio" name={id} choices={options} />);
    case 'multiple_choice':
      return group('pv-list', <Choices kind="checkbox" name={id} choices={options} />);
    case 'dropdown':
      return labelled(
        <select id={id} className="pv-input">
          <option>Choose…</option>
          {options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a preview of options being edited
            <option key={index}>{option.label}</option>
          ))}
        </select>,
      );
    case 'rank_order':
      return group(
        'pv-rank-order',
        <>
          <p className="pv-description">Give each option a different position, 1 for the first.</p>
          {options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a preview of options being edited
            <div className="pv-rank" key={index}>
              <select id={`${id}-${index}`} className="pv-input pv-rank-select">
                <option>–</option>
              </select>
              <label htmlFor={`${id}-${index}`}>{option.label}</label>
            </div>
          ))}
        </>,
      );
    case 'long_text':
      return labelled(<textarea id={id} className="pv-input" rows={3} placeholder={question.placeholder} />);
    default: {
      const type = { short_text: 'text', email: 'email', phone: 'tel', number: 'number', date: 'date' }[question.type];
      return labelled(<input id={id} className="pv-input" type={type} placeholder={question.placeholder} />);
    }
  }
}

/**
 * The page as its public URL shows it, drawn from the builder's unsaved draft (so every edit shows at
 * once, which an iframe of the published page could not do, and drafts have no public URL yet). It is
 * `inert`: a picture of the form, not a second form.
 */
export function PagePreview({
  title,
  description,
  questions,
  settings,
  scheme,
}: {
  title: string;
  description: string;
  questions: readonly QuestionDraft[];
  settings: PageSettings;
  scheme: PreviewScheme;
}) {
  const prefix = useId();
  return (
    <div className="page-preview" data-scheme={scheme} style={previewStyle(settings, scheme)} inert>
      <div className="pv-card">
        {/* The logo is not drawn: the dashboard loads no image from other sites (its CSP's img-src). */}
        <p className="pv-page-title">{title}</p>
        {description && <p className="pv-description">{description}</p>}
        {questions.map((question, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the preview follows the list's order
          <PreviewQuestion key={index} question={question} id={`${prefix}-${index}`} />
        ))}
        <span className="pv-submit">Send</span>
      </div>
    </div>
  );
}
