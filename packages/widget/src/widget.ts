import { isValidScore } from '@hearback/spec';
import type { DialogHandle, DialogModule, DialogStatus } from './dialog/contract.js';
import { WidgetError } from './errors.js';
import { BUBBLE_PATH, CLOSE_PATH, launcherIcon } from './launcher-icon.js';
import { LAUNCHER_LABELS } from './launcher-labels.js';
import { LAUNCHER_CSS } from './launcher-styles.js';
import { resolveOptions } from './options.js';
import { callPage } from './page-callback.js';
import { enqueue, flushQueue, nextRetryMs, type QueueStorage } from './queue.js';
import { addShadowStyles } from './shadow-styles.js';
import { type CollectBody, type CollectRequest, newIdempotencyKey, sendFeedback } from './submit.js';
import { themeToCss } from './theme.js';
import type { FeedbackContext, FeedbackSubmission, SubmitOutcome, WidgetInstance, WidgetOptions } from './types.js';

/** How the widget gets its second stage: a script tag in widget.js, a dynamic import in the ESM build. */
export type DialogLoader = (nonce: string | undefined) => Promise<DialogModule>;

export interface WidgetEnvironment {
  loadDialog: DialogLoader;
  /** The API base when `apiUrl` is not given (widget.js: where it was loaded from). */
  defaultApiUrl?: string | undefined;
  /** The nonce widget.js itself carried, used when `nonce` is not given. */
  defaultNonce?: string | undefined;
}

/**
 * One flush at a time per page, however many widgets it has; the queue is shared, so the widget
 * that flushes reports what it delivered (`onSuccess` with `fromQueue`).
 */
let flushing = false;

function storage(): QueueStorage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/** What every submission carries about the page, under the author's `context` (which may replace any of it). */
const pageContext = (): FeedbackContext => ({
  source: 'widget',
  url: location.href,
  referrer: document.referrer || undefined,
  language: navigator.language,
  userAgent: navigator.userAgent,
  viewport: { width: innerWidth, height: innerHeight },
});

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}) {
  const created = document.createElement(tag);
  for (const name in attributes) created.setAttribute(name, attributes[name] as string);
  return created;
}

/**
 * Mounts a widget: a shadow-root host with the launcher (or an inline dialog), the offline queue
 * flush, and the submit path. The dialog module arrives through `environment.loadDialog`.
 */
export function mountWidget(input: WidgetOptions, environment: WidgetEnvironment): WidgetInstance {
  const options = resolveOptions(input, environment.defaultApiUrl);
  const { type, labels, onSuccess, onError } = options;
  const nonce = options.nonce ?? environment.defaultNonce;
  let context = options.context;
  let status: DialogStatus = 'idle';
  let lastError: WidgetError | undefined;
  /** The last request built and the input (`submit`'s arguments) it came from, for Try again. */
  let lastRequest: CollectRequest | undefined;
  let lastInput: string | undefined;
  let dialog: DialogHandle | undefined;
  let opening: Promise<void> | undefined;
  let destroyed = false;
  const text = { ...LAUNCHER_LABELS, ...labels };

  const inline = typeof options.container === 'string' ? document.querySelector(options.container) : options.container;
  if (options.container && !inline) throw new TypeError(`Hearback: no element matches "${options.container}".`);

  const host = element('hearback-widget' as 'div', { 'data-pos': options.position });
  if (inline) host.setAttribute('data-inline', '');
  const shadow = host.attachShadow({ mode: 'open' });
  addShadowStyles(shadow, LAUNCHER_CSS + themeToCss(options.theme), nonce);
  const root = element('div', { class: 'r' });
  shadow.append(root);

  // Listened to whatever the scheme: with a fixed one, a change re-applies the same.
  const media = matchMedia('(prefers-color-scheme: dark)');
  const applyScheme = () =>
    host.toggleAttribute(
      'data-dark',
      options.colorScheme === 'system' ? media.matches : options.colorScheme === 'dark',
    );
  applyScheme();
  media.addEventListener('change', applyScheme);

  let launcher: HTMLButtonElement | undefined;
  if (!inline && options.launcher !== false) {
    launcher = element('button', { type: 'button', class: 'l', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });
    launcher.append(launcherIcon(), text.launcher);
    launcher.onclick = () => (dialog || notice ? instance.close() : instance.open());
    root.append(launcher);
  }
  (inline ?? document.body).append(host);

  // The first stage's own message in the corner, while the dialog's code loads or when it could
  // not (offline before the first open): a click never does nothing.
  let notice: HTMLElement | undefined;
  let slow: ReturnType<typeof setTimeout> | undefined;
  const setNotice = (message?: string, busy = false) => {
    notice?.remove();
    notice = undefined;
    if (message) {
      notice = element('div', { class: 'm', role: busy ? 'status' : 'alert', 'aria-busy': `${busy}` });
      notice.append(message);
      root.append(notice);
    }
    const open = !!(notice || dialog);
    launcher?.setAttribute('aria-expanded', `${open}`);
    // The launcher's icon: a cross while the dialog (or the notice) is open.
    launcher?.querySelector('path')?.setAttribute('d', open ? CLOSE_PATH : BUBBLE_PATH);
  };

  const render = () =>
    // The resolved options carry the dialog's labels, prompt, comment and autoClose.
    dialog?.render({
      ...options,
      inline: !!inline,
      status,
      error: lastError,
      onSubmit: instance.submit,
      onClose: instance.close,
    });
  const setStatus = (next: DialogStatus, error?: WidgetError) => {
    status = next;
    lastError = error;
    render();
  };

  /**
   * Reports a failure (`onError`; with `debug` the console, which gets what a failed `onSubmit`
   * threw, stack and all, rather than the wrapper) and returns its outcome. `shown`: the status
   * the dialog shows it with, for a submission's own failure (not a flush's or a load's).
   */
  const fail = (error: WidgetError, shown?: DialogStatus): SubmitOutcome => {
    if (shown) setStatus(shown, error);
    if (options.debug) console.warn('[hearback]', error.cause ?? error);
    callPage(onError, error);
    return { status: error.queued ? 'queued' : 'failed', error } as SubmitOutcome;
  };

  /** Tells `onSuccess` about stored feedback, without the inbox key the request carried. */
  const delivered = ({ inboxKey: _inbox, ...submission }: CollectBody, id: string, fromQueue: boolean) =>
    callPage(onSuccess, { id, submission, fromQueue });

  // A 5xx or 429 can clear while the page stays open and no `online` event comes: retry when the
  // earliest entry is due. Offline, `online` does it instead of a timer failing every second.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    // Never 0 (at least MIN_RETRY_MS): undefined is an empty queue.
    const delay = nextRetryMs(storage());
    if (delay && navigator.onLine && !destroyed) timer = setTimeout(flush, delay);
  };
  const flush = async () => {
    if (flushing || destroyed) return;
    flushing = true;
    try {
      await flushQueue(storage(), sendFeedback, (entry, result) =>
        result.ok ? delivered(entry.body, result.id, true) : fail(result.error),
      );
    } finally {
      flushing = false;
      schedule();
    }
  };

  /**
   * Loads and mounts the dialog. `announce`: call onOpen, which an inline form shown at mount is
   * not (it is part of the page, not opened by anyone).
   */
  const show = (announce: boolean): Promise<void> => {
    // A loaded module resolves within a tick; only a slow network shows "Loading…".
    if (!opening) slow = setTimeout(() => setNotice(text.loading, true), 300);
    opening ??= environment.loadDialog(nonce).then(
      (module) => {
        clearTimeout(slow);
        if (destroyed || dialog || !opening) return;
        dialog = module.mount(shadow, (css) => addShadowStyles(shadow, css, nonce));
        setNotice();
        // A fresh form, unless a submission is under way (its error, if any, is still to come).
        setStatus(status === 'sending' ? status : 'idle');
        if (announce) options.onOpen?.();
      },
      (error: WidgetError) => {
        clearTimeout(slow);
        opening = undefined;
        if (!destroyed) setNotice(navigator.onLine ? text.loadFailed : text.loadOffline);
        fail(error);
      },
    );
    return opening;
  };
  addEventListener('online', flush);
  void flush();

  const instance: WidgetInstance = {
    get isOpen() {
      return !!dialog;
    },
    open: () => show(true),
    close() {
      const shown = dialog;
      opening = undefined;
      clearTimeout(slow);
      dialog?.unmount();
      dialog = undefined;
      setNotice();
      if (shown) options.onClose?.();
    },
    destroy() {
      instance.close();
      destroyed = true;
      clearTimeout(timer);
      media.removeEventListener('change', applyScheme);
      removeEventListener('online', flush);
      host.remove();
    },
    setContext(extra) {
      context = { ...context, ...extra };
      for (const key in extra) if (extra[key] === null) delete context[key];
    },
    async submit({ score = null, comment = null, context: extra }) {
      // Try again: while the last attempt shows as failed (until the next submission, or the dialog
      // opens afresh), the same score, comment and context re-send that request as it was built:
      // its Idempotency-Key and its very body. Rebuilt, the page context (URL, viewport) may differ
      // and the server refuses a key with another body. If the server stored the first attempt and
      // only its answer was lost, it answers with that item. onSubmit is not asked again: it has
      // shaped this body already (and could have cancelled it then); one it failed on built none.
      // A context that cannot become JSON (a cycle, a BigInt) has no input to compare, so is never
      // sent again; sendFeedback, where every context ends, refuses it (invalid_input).
      let input: string | undefined;
      try {
        input = JSON.stringify([score, comment, extra]);
      } catch {}
      if (!isValidScore(type, score) || (type === 'text' && !comment)) {
        return fail(new WidgetError('invalid_input', `Invalid ${type} feedback.`));
      }
      const again = status === 'failed' && !!input && lastInput === input;
      setStatus('sending');
      if (!again) {
        const submission: FeedbackSubmission = {
          type,
          score,
          comment,
          context: { ...pageContext(), ...context, ...extra },
        };
        let verdict: Awaited<ReturnType<NonNullable<typeof options.onSubmit>>>;
        try {
          verdict = await options.onSubmit?.(submission);
        } catch (cause) {
          // Not sent, as Sentry drops an event whose beforeSend throws: the hook may have been
          // about to take out what the page must not send. Shown as failed, so Try again (which
          // asks it again) is there; `cause` and the debug log carry what it threw.
          return fail(new WidgetError('rejected', 'onSubmit failed.', { cause }), 'failed');
        }
        if (verdict === false) {
          setStatus('idle');
          return { status: 'failed', error: new WidgetError('rejected', 'Cancelled by onSubmit.') };
        }
        Object.assign(submission.context, verdict?.context);
        lastInput = input;
        lastRequest = {
          apiUrl: options.apiUrl,
          apiKey: options.apiKey,
          idempotencyKey: newIdempotencyKey(),
          body: { inboxKey: options.inboxKey, ...submission },
        };
      }
      const request = lastRequest as CollectRequest;
      const result = await sendFeedback(request);
      if (result.ok) {
        setStatus('sent');
        if (options.debug) console.info('[hearback] stored', result.id);
        delivered(request.body, result.id, false);
        return { status: 'sent', id: result.id };
      }
      const { error } = result;
      error.queued = error.retryable && enqueue(storage(), request, error);
      schedule();
      return fail(error, error.queued ? 'queued' : 'failed');
    },
  };

  if (inline) void show(false);
  return instance;
}
