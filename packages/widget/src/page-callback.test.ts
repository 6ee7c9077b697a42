// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callPage } from './page-callback.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callPage', () => {
  it('calls the callback with the value, and does nothing without one', () => {
    const callback = vi.fn();
    callPage(callback, 42);
    expect(callback).toHaveBeenCalledExactlyOnceWith(42);
    expect(() => callPage(undefined, 42)).not.toThrow();
  });

  it('returns normally when the callback throws, and reports the error through reportError', () => {
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const bug = new Error('the page’s own bug');
    expect(() =>
      callPage(() => {
        throw bug;
      }, 1),
    ).not.toThrow();
    expect(reportError).toHaveBeenCalledExactlyOnceWith(bug);
  });

  it('without reportError, throws the error from a task of its own, which reports it alike', () => {
    vi.stubGlobal('reportError', undefined);
    vi.useFakeTimers();
    const bug = new Error('the page’s own bug');
    callPage(() => {
      throw bug;
    }, 1);
    expect(() => vi.runAllTimers()).toThrow(bug);
  });
});
