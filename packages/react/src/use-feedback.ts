import {
  createWidget,
  type FeedbackContext,
  type SubmitOutcome,
  type WidgetInstance,
  type WidgetOptions,
} from '@hearback/widget';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';

export interface UseFeedbackOptions extends Omit<WidgetOptions, 'container'> {
  /** Render inline into this element (a ref, an element or a CSS selector) instead of floating. */
  container?: RefObject<Element | null> | Element | string | undefined;
  /** Mount the widget only while true (e.g. after consent). Default true. */
  enabled?: boolean | undefined;
}

/** What `useFeedback()` returns, and what a `<FeedbackWidget ref>` points at. */
export interface FeedbackControls {
  open(): Promise<void>;
  close(): void;
  /** Sends feedback without the dialog (the widget's queue and callbacks still apply). */
  submit(input: { score?: number | null; comment?: string | null; context?: FeedbackContext }): Promise<SubmitOutcome>;
  /** Merges metadata into the context of later submissions; `null` removes a key. */
  setContext(context: FeedbackContext): void;
  isOpen: boolean;
  /** True once the widget is mounted: after the first effect, never during server rendering. */
  ready: boolean;
}

// Options whose change needs a new widget; context and callbacks are updated in place.
const REMOUNT_KEYS = [
  'inboxKey',
  'apiKey',
  'apiUrl',
  'type',
  'position',
  'launcher',
  'prompt',
  'comment',
  'autoClose',
  'colorScheme',
  'theme',
  'labels',
  'nonce',
  'debug',
] as const;

const notMounted = () => new Error('@hearback/react: the feedback widget is not mounted yet.');

/**
 * Mounts a Hearback widget for the component's lifetime and returns its controls. Runs only in
 * effects, so server rendering never touches `window`. Callbacks may change on every render.
 *
 * @example
 * const feedback = useFeedback({ inboxKey, apiKey, apiUrl, type: 'nps', launcher: false });
 * return <button onClick={() => feedback.open()}>Rate us</button>;
 */
export function useFeedback(options: UseFeedbackOptions): FeedbackControls {
  const latest = useRef(options);
  latest.current = options;
  const [widget, setWidget] = useState<WidgetInstance | null>(null);
  const [isOpen, setOpen] = useState(false);
  const { container, enabled = true } = options;
  const identity = JSON.stringify(REMOUNT_KEYS.map((key) => options[key]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `identity` stands for the options read through `latest`.
  useEffect(() => {
    if (!enabled) return;
    const target = typeof container === 'object' && container && 'current' in container ? container.current : container;
    if (container && !target) return;
    const instance = createWidget({
      ...latest.current,
      container: target ?? undefined,
      onOpen: () => {
        setOpen(true);
        latest.current.onOpen?.();
      },
      onClose: () => {
        setOpen(false);
        latest.current.onClose?.();
      },
      onSubmit: (submission) => latest.current.onSubmit?.(submission),
      onSuccess: (event) => latest.current.onSuccess?.(event),
      onError: (error) => latest.current.onError?.(error),
    });
    setWidget(instance);
    return () => {
      instance.destroy();
      setWidget(null);
      setOpen(false);
    };
  }, [identity, container, enabled]);

  // Context follows the prop without a remount; keys that disappear are removed.
  const contextKey = JSON.stringify(options.context ?? {});
  const previousContext = useRef<FeedbackContext>({});
  useEffect(() => {
    if (!widget) return;
    const next: FeedbackContext = JSON.parse(contextKey);
    const removed = Object.fromEntries(
      Object.keys(previousContext.current)
        .filter((key) => !(key in next))
        .map((key) => [key, null]),
    );
    widget.setContext({ ...removed, ...next });
    previousContext.current = next;
  }, [widget, contextKey]);

  return useMemo<FeedbackControls>(
    () => ({
      open: () => widget?.open() ?? Promise.reject(notMounted()),
      close: () => widget?.close(),
      submit: (input) => widget?.submit(input) ?? Promise.reject(notMounted()),
      setContext: (context) => widget?.setContext(context),
      isOpen,
      ready: widget !== null,
    }),
    [widget, isOpen],
  );
}
