/** @jsxImportSource preact */
import { FeedbackWidget, type FeedbackWidgetProps, useFeedback } from '@hearback/react';
import type { Meta, StoryObj } from '@storybook/preact-vite';
import { useEffect, useRef } from 'preact/hooks';
import { createElement, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { fakeNetwork, type Network } from './fake-network.js';

/** Renders a React element into the (preact) story canvas with a real React root. */
function ReactIsland({ render, network = 'ok' }: { render: () => ReactElement; network?: Network }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const restore = fakeNetwork(network);
    const root = createRoot(slot.current as HTMLDivElement);
    root.render(render());
    return () => {
      root.unmount();
      restore();
    };
  }, [render, network]);
  return <div ref={slot} style={{ minHeight: '520px', font: '15px/1.5 system-ui, sans-serif' }} />;
}

const connection = { inboxKey: 'ibx_story', apiKey: 'hb_story_collect', apiUrl: 'https://feedback.example' };

function UseFeedbackButtons() {
  const feedback = useFeedback({ ...connection, type: 'text', launcher: false, prompt: 'What went wrong?' });
  return createElement(
    'div',
    { style: { display: 'flex', gap: '12px' } },
    createElement('button', { type: 'button', onClick: () => feedback.open() }, 'Report a bug'),
    createElement('span', null, feedback.isOpen ? 'dialog open' : 'dialog closed'),
  );
}

const meta: Meta<{ props: FeedbackWidgetProps }> = {
  title: 'React/FeedbackWidget',
};
export default meta;
type Story = StoryObj<typeof meta>;

const inlineNps = () =>
  createElement(FeedbackWidget, { ...connection, type: 'nps', inline: true, colorScheme: 'light' });
const floatingStars = () => createElement(FeedbackWidget, { ...connection, type: 'stars', colorScheme: 'light' });
const inlineDark = () =>
  createElement(
    'div',
    { style: { background: '#0b1120', padding: '24px', borderRadius: '12px' } },
    createElement(FeedbackWidget, { ...connection, type: 'emoji', inline: true, colorScheme: 'dark' }),
  );
const hook = () => createElement(UseFeedbackButtons);

export const Inline: Story = { render: () => <ReactIsland render={inlineNps} /> };
export const InlineDark: Story = { render: () => <ReactIsland render={inlineDark} /> };
export const Floating: Story = { render: () => <ReactIsland render={floatingStars} /> };
export const UseFeedbackHook: Story = { render: () => <ReactIsland render={hook} /> };
