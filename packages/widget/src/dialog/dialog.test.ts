// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WidgetError } from '../errors.js';
import { addShadowStyles } from '../shadow-styles.js';
import type { FeedbackKind } from '../types.js';
import type { DialogProps } from './contract.js';
import { mount } from './mount.js';
import { radioStep } from './scale.js';

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
    type: 'stars',
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
  /** What a screen reader names an option: its aria-label, or the text it shows. */
  const nameOf = (button: HTMLElement) =>
    button.getAttribute('aria-label') ??
    Array.from(button.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('');

  it.each<[FeedbackKind, string[]]>([
    ['thumbs', ['Yes', 'No']],
    ['stars', ['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']],
    ['nps', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']],
    ['csat', ['1', '2', '3', '4', '5']],
    ['emoji', ['Terrible', 'Bad', 'Okay', 'Good', 'Great']],
  ])('%s is a radio group of named options with one Tab stop', (kind, names) => {
    const { $$, $ } = setup({ type: kind });
    expect($$('.c').map(nameOf)).toEqual(names);
    expect($$('.c').map((button) => button.getAttribute('role'))).toEqual(names.map(() => 'radio'));
    expect($$('.c').map((button) => button.getAttribute('aria-checked'))).toEqual(names.map(() => 'false'));
    expect($$('.c').map((button) => button.tabIndex)).toEqual(names.map((_, index) => (index ? -1 : 0)));
    expect($('.o')?.getAttribute('role')).toBe('radiogroup');
    expect($('.o')?.getAttribute('aria-labelledby')).toBe('hb-t');
  });

  it('describes CSAT options by their words and NPS by its end labels', () => {
    const csat = setup({ type: 'csat' });
    const described = (id: string | null | undefined) => csat.shadow.getElementById(id ?? '')?.textContent;
    expect(csat.$$('.c').map((button) => described(button.getAttribute('aria-describedby')))).toEqual([
      'Very unsatisfied',
      'Unsatisfied',
      'Neutral',
      'Satisfied',
      'Very satisfied',
    ]);
    document.body.innerHTML = '';
    const nps = setup({ type: 'nps' });
    const ends = nps.shadow.getElementById(nps.$('.o')?.getAttribute('aria-describedby') ?? '');
    expect(ends?.textContent).toBe('Not likely Very likely');
    expect(ends?.closest('[aria-hidden]')).toBeNull();
  });

  it('moves and picks with arrow keys, Home and End, keeping one Tab stop', () => {
    const { $$, shadow } = setup({ type: 'nps' });
    const press = (key: string) =>
      (shadow.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    const picked = () => $$('.c').findIndex((button) => button.getAttribute('aria-checked') === 'true');
    $$('.c')[0]?.focus();
    press('ArrowRight');
    press('ArrowDown');
    expect(picked()).toBe(2);
    expect(shadow.activeElement).toBe($$('.c')[2]);
    press('End');
    expect(picked()).toBe(10);
    press('ArrowRight');
    expect(picked()).toBe(0);
    press('ArrowLeft');
    expect(picked()).toBe(10);
    press('Home');
    expect(picked()).toBe(0);
    expect($$('.c').filter((button) => button.tabIndex === 0)).toEqual([$$('.c')[0]]);
  });

  it('steps a radio group the way its layout reads', () => {
    expect(radioStep('ArrowRight', 10, 11, false)).toBe(0);
    expect(radioStep('ArrowLeft', 0, 11, false)).toBe(10);
    expect(radioStep('ArrowRight', 3, 5, true)).toBe(2);
    expect(radioStep('ArrowLeft', 3, 5, true)).toBe(4);
    expect(radioStep('ArrowDown', 3, 5, true)).toBe(4);
    expect(radioStep('End', 1, 5, false)).toBe(4);
    expect(radioStep('Home', 4, 5, false)).toBe(0);
    expect(radioStep('a', 4, 5, false)).toBe(-1);
  });

  it('is a labelled modal dialog, styled by a constructed sheet', () => {
    const { $, shadow } = setup({ type: 'nps' });
    const dialog = $('.d');
    expect(dialog?.getAttribute('role')).toBe('dialog');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect($('#hb-t')?.textContent).toBe('How likely are you to recommend us to a friend?');
    expect(shadow.adoptedStyleSheets).toHaveLength(1);
    expect(shadow.adoptedStyleSheets[0]?.cssRules.length).toBeGreaterThan(10);
  });

  it('shows the whole form from the start; the button sends once a score is picked', () => {
    const { $, $$, onSubmit } = setup({ type: 'stars' });
    expect($('textarea')).not.toBeNull();
    expect($<HTMLButtonElement>('.s')?.disabled).toBe(true);
    $$('.c')[3]?.click();
    expect($$('.c')[3]?.getAttribute('aria-checked')).toBe('true');
    expect($$('.c')[3]?.tabIndex).toBe(0);
    expect($$('.c')[0]?.tabIndex).toBe(-1);
    expect($<HTMLButtonElement>('.s')?.disabled).toBe(false);
    const textarea = $<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
    textarea.value = '  Nice  ';
    textarea.dispatchEvent(new Event('input', { bubbles: true }));
    $('.s')?.click();
    expect(onSubmit).toHaveBeenCalledWith({ score: 4, comment: 'Nice' });
  });

  it('thumbs send 1 for up and 0 for down', () => {
    const { $, $$, onSubmit } = setup({ type: 'thumbs', comment: false });
    $$('.c')[1]?.click();
    expect($('textarea')).toBeNull();
    $('.s')?.click();
    expect(onSubmit).toHaveBeenCalledWith({ score: 0, comment: null });
  });

  it('text feedback needs words before it sends', () => {
    const { $, onSubmit } = setup({ type: 'text' });
    expect($('.o')).toBeNull();
    expect($('textarea')?.getAttribute('aria-required')).toBe('true');
    expect($('textarea')?.hasAttribute('aria-invalid')).toBe(false);
    $('.s')?.click();
    expect(onSubmit).not.toHaveBeenCalled();
    const alert = $('[role=alert]');
    expect(alert?.textContent).toBe('Please write a few words.');
    // The error belongs to the box: invalid, and described by the message.
    expect($('textarea')?.getAttribute('aria-invalid')).toBe('true');
    expect($('textarea')?.getAttribute('aria-describedby')).toBe(alert?.id);
  });

  it('uses the author’s labels and prompt', () => {
    const { $, $$ } = setup({
      type: 'thumbs',
      prompt: 'War das hilfreich?',
      labels: { thumbsUp: 'Ja', thumbsDown: 'Nein' },
    });
    expect($('#hb-t')?.textContent).toBe('War das hilfreich?');
    expect($$('.c').map((button) => button.textContent)).toEqual(['Ja', 'Nein']);
  });

  it('shows the outcome and moves focus to it', () => {
    const { $, rerender, shadow } = setup({ type: 'nps' });
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
    const { $, $$, rerender } = setup({ type: 'nps' });
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

  it('offers the comment box unless comment is false, and always for text feedback', () => {
    expect(setup({ type: 'nps', comment: undefined }).$('textarea')).not.toBeNull();
    expect(setup({ type: 'nps', comment: false }).$('textarea')).toBeNull();
    expect(setup({ type: 'text', comment: false }).$('textarea')).not.toBeNull();
  });

  it('closes itself 4 s after the thank-you when autoClose is not given', () => {
    vi.useFakeTimers();
    try {
      const floating = setup({ autoClose: undefined });
      floating.rerender({ status: 'sent', autoClose: undefined });
      vi.advanceTimersByTime(3999);
      expect(floating.onClose).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(floating.onClose).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes itself autoClose ms after the thank-you, floating only, and not once unmounted', () => {
    vi.useFakeTimers();
    try {
      const floating = setup({ autoClose: 4000 });
      floating.rerender({ status: 'sent', autoClose: 4000 });
      vi.advanceTimersByTime(3999);
      expect(floating.onClose).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(floating.onClose).toHaveBeenCalledOnce();
      const inline = setup({ inline: true, autoClose: 4000 });
      inline.rerender({ status: 'sent', inline: true, autoClose: 4000 });
      const closedEarly = setup({ autoClose: 4000 });
      closedEarly.rerender({ status: 'sent', autoClose: 4000 });
      closedEarly.handle.unmount();
      const kept = setup({ autoClose: false });
      kept.rerender({ status: 'sent', autoClose: false });
      vi.advanceTimersByTime(10_000);
      expect([inline, closedEarly, kept].map(({ onClose }) => onClose.mock.calls.length)).toEqual([0, 0, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes on a press outside the widget and gives focus back to what opened it; inline does neither', () => {
    const press = (target: EventTarget) =>
      target.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true }));
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const floating = setup();
    press(floating.$('.c') as HTMLElement);
    expect(floating.onClose).not.toHaveBeenCalled();
    press(document.body);
    expect(floating.onClose).toHaveBeenCalledOnce();
    expect(document.activeElement).not.toBe(opener);
    floating.handle.unmount();
    expect(document.activeElement).toBe(opener);
    press(document.body);
    expect(floating.onClose).toHaveBeenCalledOnce();

    const inline = setup({ inline: true });
    (inline.$('.c') as HTMLElement).focus();
    press(document.body);
    inline.handle.unmount();
    expect(inline.onClose).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(opener);
  });

  it('unmounts cleanly', () => {
    const { handle, shadow } = setup();
    handle.unmount();
    expect(shadow.querySelector('.d')).toBeNull();
    expect(shadow.adoptedStyleSheets).toEqual([]);
  });
});
