import { createWidget, type WidgetOptions } from '@hearback/widget';
import { useEffect, useRef } from 'preact/hooks';
import { fakeNetwork, type Network } from './fake-network.js';

export interface WidgetStoryProps extends Partial<WidgetOptions> {
  mode: 'inline' | 'floating';
  network?: Network;
  /** Opens the floating dialog at once. */
  open?: boolean;
  /** Submits this at once, to show an outcome (sent, queued, blocked, refused). */
  submitted?: { score: number | null; comment?: string };
}

/**
 * Mounts the real widget (the ESM build of @hearback/widget) in the story canvas, on a page
 * background matching its colour scheme, against a fake network.
 */
export function WidgetStory({ mode, network = 'ok', open, submitted, ...options }: WidgetStoryProps) {
  const slot = useRef<HTMLDivElement>(null);
  const dark = options.colorScheme === 'dark';
  const key = JSON.stringify({ mode, network, open, submitted, options });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for every prop.
  useEffect(() => {
    const restore = fakeNetwork(network);
    const widget = createWidget({
      inboxKey: 'ibx_story',
      apiKey: 'hb_story_collect',
      apiUrl: 'https://feedback.example',
      ...options,
      container: mode === 'inline' ? (slot.current ?? undefined) : undefined,
    });
    if (open || submitted) void widget.open();
    if (submitted) void widget.submit({ score: submitted.score, comment: submitted.comment ?? null });
    return () => {
      widget.destroy();
      restore();
    };
  }, [key]);

  return (
    <div
      style={{
        minHeight: mode === 'floating' ? '560px' : undefined,
        padding: '24px',
        borderRadius: '12px',
        background: dark ? '#0b1120' : '#f8fafc',
        color: dark ? '#e2e8f0' : '#0f172a',
        font: '15px/1.5 system-ui, sans-serif',
      }}
    >
      {mode === 'floating' ? <p>The launcher sits in a corner of the page.</p> : <div ref={slot} />}
    </div>
  );
}
