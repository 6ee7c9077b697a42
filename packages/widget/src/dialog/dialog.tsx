/** @jsxImportSource preact */
import type { DialogProps } from './contract.js';
import { CLOSE, icon, status as statusIcon } from './icons.js';
import { DEFAULT_LABELS, type DialogLabels } from './labels.js';
import { Scale } from './scale.js';

/** The form's own state, kept by `mount` between renders (no hooks: preact/hooks costs 1 KB). */
export interface FormState {
  score: number | null;
  comment: string;
  hint: string;
}

export type FormProps = DialogProps & { form: FormState; set(patch: Partial<FormState>): void };

/**
 * The feedback form and its outcome. Floating, it is a modal dialog (`mount` moves focus in,
 * keeps Tab inside and closes on Escape); inline, it is a region of the page. The form's body
 * scrolls and its button stays in view, so a short screen can still send.
 */
export function Dialog(props: FormProps) {
  const { type: kind, inline, status, error, form, set } = props;
  const { score, comment, hint } = form;
  const labels = { ...DEFAULT_LABELS, ...props.labels };
  const done = status === 'sent' || status === 'queued';
  const text = kind === 'text';

  // Scores need a pick before the button sends; text needs a few words.
  const submit = () => {
    if (status === 'sending') return;
    const problem = text && !comment.trim() ? labels.commentRequired : '';
    set({ hint: problem });
    if (!problem) props.onSubmit({ score, comment: comment.trim() || null });
  };
  const picked = text || score !== null;

  // sent → check; saved offline, after a 429/5xx or with the server unreachable → clock; blocked in the browser → warning.
  const [tone, title, detail] = !done
    ? ['', props.prompt || labels[`prompt${kind[0]?.toUpperCase()}${kind.slice(1)}` as keyof DialogLabels]]
    : status === 'sent'
      ? ['ok', labels.success, labels.successDetail]
      : error?.code === 'blocked'
        ? ['ok w', labels.blockedTitle, labels.blocked]
        : ['ok q', labels.queuedTitle, error?.code === 'offline' ? labels.queued : labels.retrying];
  const failed = status === 'failed' ? labels.error : '';

  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role, dialog or region, comes from the spread; both take aria-labelledby.
    <div
      class={inline ? 'd i' : 'd'}
      // Focusable, floating: a click on its text or padding keeps focus in the dialog (not on the
      // page's body), so Escape still closes it and Tab stays inside.
      {...(inline ? { role: 'region' } : { role: 'dialog', 'aria-modal': 'true', tabIndex: -1 })}
      aria-labelledby="hb-t"
    >
      <div class="h">
        <h2 id="hb-t" class="t">
          {title}
        </h2>
        {!inline && (
          <button type="button" class="x" aria-label={labels.close} onClick={props.onClose}>
            {icon(CLOSE)}
          </button>
        )}
      </div>
      {done ? (
        <p class={tone} tabIndex={-1} role="status">
          {icon(statusIcon(tone))}
          {detail}
        </p>
      ) : (
        // The whole form shows from the start, so nothing moves when a score is picked; the
        // button waits for the pick.
        [
          <div class="b">
            {!text && Scale({ kind, labels, form, set })}
            {(text || props.comment !== false) && (
              <label class="f">
                <span>{text ? labels.commentLabelRequired : labels.commentLabel}</span>
                <textarea
                  value={comment}
                  placeholder={labels.commentPlaceholder}
                  maxLength={10000}
                  aria-required={text ? 'true' : undefined}
                  aria-invalid={hint ? 'true' : undefined}
                  aria-describedby={hint ? 'hb-e' : undefined}
                  onInput={(event) => set({ comment: event.currentTarget.value })}
                />
              </label>
            )}
            {(hint || failed) && (
              <p class="e" id="hb-e" role="alert">
                {hint || failed}
              </p>
            )}
          </div>,
          // While sending, aria-disabled rather than disabled: a disabled button loses focus to the
          // page's body, and with it Escape, Tab in the dialog and the place to try again from.
          <button
            type="button"
            class="s"
            disabled={!picked}
            aria-disabled={status === 'sending' ? 'true' : undefined}
            onClick={submit}
          >
            {status === 'sending' ? labels.sending : failed ? labels.retry : labels.submit}
          </button>,
        ]
      )}
    </div>
  );
}
