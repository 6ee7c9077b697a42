import type { FeedbackType } from '@hearback/spec';
import type { WidgetError } from './errors.js';

/** The kinds of feedback the widget asks for: the `type`s `POST /collect` takes. */
export type FeedbackKind = FeedbackType;

/** Where the floating launcher sits. */
export type LauncherPosition = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';

export type ColorScheme = 'light' | 'dark' | 'system';

/**
 * Metadata sent with each submission (page URL, user id, plan, …): free-form, except the members
 * Hearback reads by name, which are text (the server refuses any other value with a 400).
 */
export interface FeedbackContext {
  /** Where the feedback came from: `widget` unless you set another; the inbox's `source` filter matches it. */
  source?: string | null | undefined;
  /** The AI agent that sent it, when one did. */
  agentName?: string | null | undefined;
  [member: string]: unknown;
}

/** Colour tokens; each becomes a CSS custom property on the widget's shadow host. */
export interface ThemeColors {
  /** Buttons, selection and the launcher. */
  primary?: string;
  /** Text on `primary`: white unless given, so give a dark one with a light `primary`. */
  onPrimary?: string;
  /** The dialog's background. */
  background?: string;
  /** Unselected controls and the comment box. */
  surface?: string;
  text?: string;
  /** Secondary text. */
  muted?: string;
  border?: string;
  /** The keyboard focus ring. */
  focus?: string;
  error?: string;
  success?: string;
}

/**
 * JSON theme tokens. Lengths given as numbers are pixels. `dark` overrides colours when the
 * widget is dark (by `colorScheme: 'dark'`, or `'system'` with a dark preference).
 *
 * @example
 * { colors: { primary: '#0f766e' }, radius: 8, font: 'Inter, sans-serif', dark: { colors: { primary: '#2dd4bf' } } }
 */
export interface ThemeTokens {
  colors?: ThemeColors;
  /** Corner radius of the dialog; controls use a proportion of it. */
  radius?: string | number;
  /** CSS font-family. */
  font?: string;
  /** Base font size. */
  fontSize?: string | number;
  /** Base spacing unit; paddings and gaps are multiples of it. */
  spacing?: string | number;
  /** Box shadow of the dialog and launcher. */
  shadow?: string;
  /** Stacking order of the floating launcher and dialog. */
  zIndex?: number;
  dark?: { colors?: ThemeColors };
}

/**
 * Every text the widget shows or announces. `{n}` is replaced by a number where it appears.
 * Per-kind prompts default to a sensible question; `prompt` in the options overrides them all.
 */
export interface WidgetLabels {
  /** The floating button's text (default `Feedback`). */
  launcher: string;
  /** Shown by the launcher while the dialog's code is still loading on a slow first open. */
  loading: string;
  /** Shown when the dialog's code could not load because the browser is offline. */
  loadOffline: string;
  /** Shown when the dialog's code could not load while online. */
  loadFailed: string;
  promptThumbs: string;
  promptStars: string;
  promptNps: string;
  promptCsat: string;
  promptEmoji: string;
  promptText: string;
  thumbsUp: string;
  thumbsDown: string;
  /** `{n}` is the star count. */
  star: string;
  npsLow: string;
  npsHigh: string;
  /** Five comma-separated labels, lowest first. */
  csatScale: string;
  /** Five comma-separated labels, lowest first. */
  emojiScale: string;
  commentLabel: string;
  commentLabelRequired: string;
  commentPlaceholder: string;
  submit: string;
  sending: string;
  close: string;
  success: string;
  successDetail: string;
  /** Title when the submission was saved to send later. */
  queuedTitle: string;
  /** Saved while offline. */
  queued: string;
  /** Saved after a 429 or a server error. */
  retrying: string;
  /** Title when the request never reached the server while online. */
  blockedTitle: string;
  blocked: string;
  /** Refused by the server (invalid key, unknown inbox). */
  error: string;
  /** The submit button's text after a refusal. */
  retry: string;
  commentRequired: string;
}

/** What a submission carries; `onSubmit` may change `context` before it is sent. */
export interface FeedbackSubmission {
  type: FeedbackKind;
  score: number | null;
  comment: string | null;
  context: FeedbackContext;
}

/**
 * How a submission ended: stored (`sent`), saved in the offline queue to retry (`queued`), or
 * refused (`failed`). `submit()` resolves with it and never rejects.
 */
export type SubmitOutcome =
  | { status: 'sent'; id: string }
  | { status: 'queued'; error: WidgetError }
  | { status: 'failed'; error: WidgetError };

export interface SuccessEvent {
  /** The stored feedback's id (`fb_…`). */
  id: string;
  submission: FeedbackSubmission;
  /** True when the submission was delivered from the offline queue. */
  fromQueue: boolean;
}

export interface WidgetCallbacks {
  /**
   * The dialog was opened: by the launcher or `open()`. An inline form, shown from the start, is not
   * opened, so mounting one (or submitting through it) does not call this.
   */
  onOpen?: () => void;
  /** The dialog was closed (`close()`, Escape, the close button, a click outside it). */
  onClose?: () => void;
  /**
   * Runs before sending; may change `submission.context` or return `{ context }` to merge in.
   * Returning `false` cancels the submission. When it throws or rejects, nothing is sent: the
   * submission fails with a `rejected` error whose `cause` is what it threw (`onError` is called,
   * `submit()` resolves `failed`, the dialog offers Try again, which calls it again). Try again
   * after a failure of the request re-sends what it approved without calling it again.
   */
  onSubmit?: (
    submission: FeedbackSubmission,
  ) => undefined | false | { context?: FeedbackContext } | Promise<undefined | false | { context?: FeedbackContext }>;
  /**
   * Feedback was stored (`fromQueue`: a delivery from the offline queue). What it throws is
   * reported (`reportError`) and changes nothing: the feedback stays sent.
   */
  onSuccess?: (event: SuccessEvent) => void;
  /** A submission or load failed. What it throws is reported (`reportError`) and changes nothing. */
  onError?: (error: WidgetError) => void;
}

/** Options of `Hearback.init()` / `createWidget()`; script-tag attributes map onto the same names. */
export interface WidgetOptions extends WidgetCallbacks {
  /** The inbox that receives the feedback. */
  inboxKey: string;
  /** A collect-only API key (safe to publish in a page). */
  apiKey: string;
  /** Server base URL; defaults to where widget.js was loaded from. */
  apiUrl?: string;
  type?: FeedbackKind;
  position?: LauncherPosition;
  /** Render inline into this element (or CSS selector) instead of a floating launcher. */
  container?: Element | string;
  /** Show the floating launcher button (default true); `false` opens only through `open()`. */
  launcher?: boolean;
  /** Overrides the question shown above the control. */
  prompt?: string;
  /** Offer a comment box with the score (default true; always on for `text`). */
  comment?: boolean;
  /**
   * Milliseconds the thank-you shows before a floating dialog closes itself (default 4000);
   * `false` or `0` keeps it open until the visitor closes it. Inline forms never close.
   */
  autoClose?: number | false;
  colorScheme?: ColorScheme;
  theme?: ThemeTokens;
  labels?: Partial<WidgetLabels>;
  /**
   * Attached to every submission. The widget adds `source: 'widget'`, `url`, `referrer`,
   * `language`, `userAgent` and `viewport` (`{ width, height }` in CSS pixels); a key given here
   * replaces the one the widget would add.
   */
  context?: FeedbackContext;
  /**
   * CSP nonce for the dialog `<script>` widget.js loads, and for `<style>` elements in browsers
   * without constructed stylesheets (elsewhere styles need no nonce, even under `style-src 'self'`).
   */
  nonce?: string;
  /** Logs to the console. */
  debug?: boolean;
}

/** A running widget. */
export interface WidgetInstance {
  open(): Promise<void>;
  close(): void;
  /** Removes the widget from the page and its listeners. */
  destroy(): void;
  /** Merges metadata into the context of later submissions; `null` values remove keys. */
  setContext(context: FeedbackContext): void;
  /**
   * Submits without showing the dialog (used by `useFeedback().submit`). Called again with the
   * same input after an outcome `failed` (not queued), it re-sends that request, Idempotency-Key
   * and body as they were, so feedback the server stored but whose answer was lost is not stored
   * twice; other input is new feedback.
   */
  submit(input: { score?: number | null; comment?: string | null; context?: FeedbackContext }): Promise<SubmitOutcome>;
  readonly isOpen: boolean;
}

/**
 * `window.Hearback`, created by widget.js. `open`, `close`, `destroy` and `setContext` act on the
 * widget the script tag or the last `init()` created, and do nothing before there is one (with
 * `async`, widget.js runs after the page's own scripts: call them from its `onload` or later).
 *
 * @example
 * declare const Hearback: import('@hearback/widget').HearbackGlobal;
 * Hearback.setContext({ userId: 'u_42' });
 * document.querySelector('#feedback')?.addEventListener('click', () => Hearback.open());
 */
export interface HearbackGlobal extends Pick<WidgetInstance, 'open' | 'close' | 'setContext'> {
  /** The @hearback/widget version of this widget.js. */
  version: string;
  /**
   * Creates a widget from JavaScript (same options as `createWidget`) and returns it. It replaces
   * the page's widget (the script tag's or an earlier `init()`'s): one widget per page.
   */
  init(options: WidgetOptions): WidgetInstance;
  /** The widget the script tag or the last `init()` created. */
  widget: WidgetInstance | undefined;
  /** Removes that widget from the page; `init()` may create another. */
  destroy(): void;
}
