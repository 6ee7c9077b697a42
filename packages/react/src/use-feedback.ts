'use client';
import {
  createWidget,
  type FeedbackContext,
  type SubmitOutcome,
  type WidgetInstance,
  type WidgetOptions,
} from '@hearback/widget';
import { type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

export interface UseFeedbackOptions extends Omit<WidgetOptions, 'container'> {
  /** Render inline into this element (a ref, an element or a CSS selector) instead of floating. */
  container?: RefObject<Element | null> | Element | string | undefined;
  /** Mount the widget only while true (e.g. after consent). Default true. */
  enabled?: boolean | undefined;
  /**
   * Controls the dialog: open while true, closed while false (leave it out to let the launcher and
   * `open()`/`close()` decide). Keep it in step through `onOpenChange`: a controlled widget that the
   * visitor closes opens again while `open` stays true.
   */
  open?: boolean | undefined;
  /** The dialog opened or closed, by the visitor or the controls (with `onOpen`/`onClose`). */
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/** What `useFeedback()` returns, and what a `<FeedbackWidget ref>` points at. */
export interface FeedbackControls {
  /** Opens the dialog; called before the widget is mounted, it resolves once it is and has opened. */
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

// useLayoutEffect warns during server rendering in React 18; there, no effect runs anyway.
const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Mounts a Hearback widget for the component's lifetime and returns its controls. Runs only in
 * effects, so server rendering never touches `window`. Callbacks may change on every render.
 *
 * @example
 * const feedback = useFeedback({ inboxKey, apiKey, apiUrl, type: 'nps', launcher: false });
 * return <button onClick={() => feedback.open()}>Rate us</button>;
 */
export function useFeedback(options: UseFeedbackOptions): FeedbackControls {
  // The latest props for the widget's callbacks, recorded once a render commits: a render React
  // throws away (a suspended transition) must not swap them.
  const latest = useRef(options);
  useClientLayoutEffect(() => {
    latest.current = options;
  });
  const [widget, setWidget] = useState<WidgetInstance | null>(null);
  const [isOpen, setOpen] = useState(false);
  // The mounted widget for the controls, so a controls object kept from an earlier render still
  // reaches it; and open() calls made before there is one, answered when it mounts.
  const mounted = useRef<WidgetInstance | null>(null);
  const waiting = useRef<((instance: WidgetInstance) => void)[]>([]);
  const { container, enabled = true, open } = options;
  const identity = JSON.stringify(REMOUNT_KEYS.map((key) => options[key]));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `identity` stands for the options read through `latest`.
  useEffect(() => {
    if (!enabled) return;
    const target = typeof container === 'object' && container && 'current' in container ? container.current : container;
    if (container && !target) return;
    const { open: _open, onOpenChange: _onOpenChange, enabled: _enabled, ...widgetOptions } = latest.current;
    const instance = createWidget({
      ...widgetOptions,
      container: target ?? undefined,
      onOpen: () => {
        setOpen(true);
        latest.current.onOpen?.();
        latest.current.onOpenChange?.(true);
      },
      onClose: () => {
        setOpen(false);
        latest.current.onClose?.();
        latest.current.onOpenChange?.(false);
      },
      onSubmit: (submission) => latest.current.onSubmit?.(submission),
      onSuccess: (event) => latest.current.onSuccess?.(event),
      onError: (error) => latest.current.onError?.(error),
    });
    mounted.current = instance;
    setWidget(instance);
    for (const resolve of waiting.current.splice(0)) resolve(instance);
    return () => {
      mounted.current = null;
      instance.destroy();
      setWidget(null);
      setOpen(false);
    };
  }, [identity, container, enabled]);

  // Controlled: the dialog follows `open`, also after the visitor closed or opened it.
  useEffect(() => {
    if (!widget || open === undefined || open === isOpen) return;
    if (open) void widget.open();
    else widget.close();
  }, [widget, open, isOpen]);

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
      open: () =>
        mounted.current?.open() ??
        new Promise<WidgetInstance>((resolve) => waiting.current.push(resolve)).then((instance) => instance.open()),
      close: () => mounted.current?.close(),
      submit: (input) => mounted.current?.submit(input) ?? Promise.reject(notMounted()),
      setContext: (context) => mounted.current?.setContext(context),
      isOpen,
      ready: widget !== null,
    }),
    [widget, isOpen],
  );
}
