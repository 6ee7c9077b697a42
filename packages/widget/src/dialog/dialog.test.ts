// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WidgetError } from '../errors.js';
import { addShadowStyles } from '../shadow-styles.js';
import type { FeedbackKind } from '../types.js';
import type { DialogProps } from './contract.js';
import { mount } from './mount.js';

function setup(overrides: Partial<DialogProps> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const root = document.createElement('div');
  root.className = 'r';
  shadow.append(root);
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  const props: DialogProps = {
    kind: 'stars',
    labels: {},
    prompt: undefined,
    comment: true,
    inline: false,
    status: 'idle',
    error: undefined,
    onSubmit,
    onClose,
    ...overrides,
  };
  const handle = mount(shadow, (css) => addShadowStyles(shadow, css, 'abc'));
  handle.render(props);
  const $ = <T extends Element = HTMLElement>(selector: string) => shadow.querySelector<T>(selector);
  const $$ = (selector: string) => Array.from(shadow.querySelectorAll<HTMLElement>(selector));
  return {
    shadow,
    handle,
    props,
    onSubmit,
    onClose,
    $,
    $$,
    rerender: (next: Partial<DialogProps>) => handle.render({ ...props, ...next }),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('dialog', () => {
  it.each<[FeedbackKind, string[]]>([
    ['thumbs', ['Yes', 'No']],
    ['stars', ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']],
    ['nps', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']],
    ['csat', ['Very unsatisfied', 'Unsatisfied', 'Neutral', 'Satisfied', 'Very satisfied']],
    ['emoji', ['Terrible', 'Bad', 'Okay', 'Good', 'Great']],
  ])('%s offers named score buttons', (kind, names) => {
    const { $$, $ } = setup({ kind });
    expect($$('.c').map((button) => button.getAttribute('aria-label'))).toEqual(names);
    expect($('.o')?.getAttribute('role')).toBe('group');
    expect($('.o')?.getAttribute('aria-labelledby')).toBe('hb-t');
  });

  it('is a labelled modal dialog, styled by a constructed sheet', () => {
    const { $, shadow } = setup({ kind: 'nps' });
    const dialog = $('.d');
    expect(dialog?.getAttribute('role')).toBe('dialog');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect($('#hb-t')?.textContent).toBe('How likely are you to recommend us to a friend?');
    expect(shadow.adoptedStyleSheets).toHaveLength(1);
    expect(shadow.adoptedStyleSheets[0]?.cssRules.length).toBeGreaterThan(10);
  });

  it('shows the comment box and button once a score is picked, then submits both', () => {
    const { $, $$, onSubmit } = setup({ kind: 'stars' });
    expect($('textarea')).toBeNull();
    expect($('.s')).toBeNull();
    $$('.c')[3]?.click();
    expect($$('.c')[3]?.getAttribute('aria-pressed')).toBe('true');
    const textarea = $<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
    textarea.value = 'Nice';
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    $('.s')?.click();
    expect(onSubmit).toHaveBeenCalledWith(4, 'Nice');
  });

  it('thumbs send 1 for up and 0 for down', () => {
    const { $, $$, onSubmit } = setup({ kind: 'thumbs', comment: false });
    $$('.c')[1]?.click();
    expect($('textarea')).toBeNull();
    $('.s')?.click();
    expect(onSubmit).toHaveBeenCalledWith(0, '');
  });

  it('text feedback needs words before it sends', () => {
    const { $, onSubmit } = setup({ kind: 'text' });
    expect($('.o')).toBeNull();
    expect($('textarea')?.getAttribute('aria-required')).toBe('true');
    $('.s')?.click();
    expect(onSubmit).not.toHaveBeenCalled();
    expect($('[role=alert]')?.textContent).toBe('Please write a few words.');
  });

  it('uses the author’s labels and prompt', () => {
    const { $, $$ } = setup({
      kind: 'thumbs',
      prompt: 'War das hilfreich?',
      labels: { thumbsUp: 'Ja', thumbsDown: 'Nein' },
    });
    expect($('#hb-t')?.textContent).toBe('War das hilfreich?');
    expect($$('.c').map((button) => button.textContent)).toEqual(['Ja', 'Nein']);
  });

  it('shows the outcome and moves focus to it', () => {
    const { $, rerender, shadow } = setup({ kind: 'nps' });
    rerender({ status: 'sent' });
    expect($('#hb-t')?.textContent).toBe('Thanks for your feedback!');
    expect($('.ok')?.getAttribute('role')).toBe('status');
    expect(shadow.activeElement).toBe($('.ok'));
    rerender({ status: 'queued', error: new WidgetError('offline', 'offline', { queued: true }) });
    expect($('#hb-t')?.textContent).toBe('Saved for later');
    expect($('.ok')?.textContent).toContain('You’re offline');
    rerender({ status: 'queued', error: new WidgetError('blocked', 'blocked', { queued: true }) });
    expect($('#hb-t')?.textContent).toBe('Couldn’t send');
    expect($('.ok')?.textContent).toContain('an extension may block it');
    // The server unreachable: no extension blamed, a retry promised.
    rerender({ status: 'queued', error: new WidgetError('network_error', 'unreachable', { queued: true }) });
    expect($('#hb-t')?.textContent).toBe('Saved for later');
    expect($('.ok')?.textContent).toBe('It couldn’t be sent just now; we’ll retry shortly.');
  });

  it('says so when the server refused, and offers to try again', () => {
    const { $, $$, rerender } = setup({ kind: 'nps' });
    $$('.c')[9]?.click();
    rerender({ status: 'failed', error: new WidgetError('rejected', 'no') });
    expect($('[role=alert]')?.textContent).toBe('Your feedback couldn’t be sent.');
    expect($('.s')?.textContent).toBe('Try again');
  });

  it('closes on Escape and with the close button; inline has neither', () => {
    const { $, onClose } = setup();
    $('.x')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    $('.x')?.click();
    expect(onClose).toHaveBeenCalledTimes(2);
    document.body.innerHTML = '';
    const inline = setup({ inline: true });
    expect(inline.$('.x')).toBeNull();
    expect(inline.$('.d')?.getAttribute('role')).toBe('region');
  });

  it('unmounts cleanly', () => {
    const { handle, shadow } = setup();
    handle.unmount();
    expect(shadow.querySelector('.d')).toBeNull();
    expect(shadow.adoptedStyleSheets).toEqual([]);
  });
});
