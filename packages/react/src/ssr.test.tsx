// Runs in Node without a DOM: rendering on the server must not touch window or document.
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { FeedbackWidget } from './feedback-widget.js';

it('renders on the server without a DOM', () => {
  expect(typeof window).toBe('undefined');
  const options = { inboxKey: 'ibx_1', apiKey: 'hb_collect', apiUrl: 'https://hb.example' };
  expect(renderToString(<FeedbackWidget {...options} />)).toBe('');
  expect(renderToString(<FeedbackWidget {...options} inline className="feedback" />)).toBe(
    '<div class="feedback"></div>',
  );
});
