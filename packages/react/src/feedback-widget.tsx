/** @jsxImportSource react */
'use client';
import { type CSSProperties, forwardRef, useImperativeHandle, useRef } from 'react';
import { type FeedbackControls, type UseFeedbackOptions, useFeedback } from './use-feedback.js';

export interface FeedbackWidgetProps extends Omit<UseFeedbackOptions, 'container'> {
  /** Render the form where the component stands instead of a floating launcher. */
  inline?: boolean;
  /** Class and style of the inline container. */
  className?: string;
  style?: CSSProperties;
}

/**
 * The Hearback widget as a component: a floating launcher by default, or the form in place with
 * `inline`. The ref exposes `open`, `close`, `submit` and `setContext`.
 *
 * @example
 * <FeedbackWidget inboxKey="ibx_…" apiKey="hb_…" apiUrl="https://feedback.example.com" type="stars" inline />
 */
export const FeedbackWidget = forwardRef<FeedbackControls, FeedbackWidgetProps>(function FeedbackWidget(
  { inline = false, className, style, ...options },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const controls = useFeedback({ ...options, container: inline ? container : undefined });
  useImperativeHandle(ref, () => controls, [controls]);
  return inline ? <div ref={container} className={className} style={style} /> : null;
});
