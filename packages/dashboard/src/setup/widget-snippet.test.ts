import { describe, expect, it } from 'vitest';
import { widgetSnippet } from './widget-snippet.js';

describe('the widget snippet', () => {
  it('loads widget.js from this server with the inbox and the collect key', () => {
    expect(widgetSnippet('https://feedback.example.com', 'ibx_1', 'hb_2')).toBe(
      '<script src="https://feedback.example.com/widget.js" data-inbox-key="ibx_1" data-api-key="hb_2" async></script>',
    );
  });
});
