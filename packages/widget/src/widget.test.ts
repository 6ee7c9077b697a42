// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DialogModule, DialogProps } from './dialog/contract.js';
import { WidgetError } from './errors.js';
import { QUEUE_STORAGE_KEY } from './queue.js';
import type { SubmitOutcome, WidgetOptions } from './types.js';
import { mountWidget as mount, type WidgetEnvironment } from './widget.js';

// Every widget is destroyed after its test: a live one would keep flushing the shared queue.
const widgets: ReturnType<typeof mount>[] = [];
const mountWidget = (options: WidgetOptions, environment: WidgetEnvironment) => {
  const widget = mount(options, environment);
  widgets.push(widget);
  return widget;
};

/** A stand-in for the preact dialog that records what the widget hands it. */
function fakeDialog() {
  const renders: DialogProps[] = [];
  let mounted = 0;
  const module: DialogModule = {
    mount: () => {
      mounted++;
      return { render: (props) => void renders.push(props), unmount: () => void mounted-- };
    },
  };
  return { module, renders, last: () => renders.at(-1) as DialogProps, mounted: () => mounted };
}

const created = (id = 'fb_1') => new Response(JSON.stringify({ id, success: true }), { status: 201 });
const base: WidgetOptions = { inboxKey: 'ibx_1', apiKey: 'hb_collect', apiUrl: 'https://hb.example', type: 'nps' };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => created());
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.destroy();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const shadowOf = () => document.querySelector('hearback-widget')?.shadowRoot as ShadowRoot;
const idempotencyKeys = () =>
  fetchMock.mock.calls.map(
    ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'],
  );
const sentBody = (call = 0) => JSON.parse((fetchMock.mock.calls[call] as [string, RequestInit])[1].body as string);

describe('mountWidget', () => {
  it('adds a launcher button in a shadow root, with its styles and the theme as a constructed sheet', () => {
    const dialog = fakeDialog();
    mountWidget(
      { ...base, nonce: 'n0nce', theme: { colors: { primary: '#123456' } } },
      { loadDialog: async () => dialog.module },
    );
    const shadow = shadowOf();
    const button = shadow.querySelector('button.l') as HTMLButtonElement;
    expect(button.textContent).toBe('Feedback');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(shadow.querySelector('style')).toBeNull();
    const [sheet] = shadow.adoptedStyleSheets;
    const css = Array.from(sheet?.cssRules ?? [], (rule) => rule.cssText).join('');
    expect(css).toContain('.l');
    expect(css).toMatch(/--p: ?#123456/);
  });

  it('opens the dialog on click, and closes it again', async () => {
    const dialog = fakeDialog();
    const onOpen = vi.fn();
    const onClose = vi.fn();
    const widget = mountWidget({ ...base, onOpen, onClose, prompt: 'Hi?' }, { loadDialog: async () => dialog.module });
    (shadowOf().querySelector('button.l') as HTMLButtonElement).click();
    await expect.poll(() => onOpen).toHaveBeenCalledOnce();
    expect(widget.isOpen).toBe(true);
    expect(dialog.last()).toMatchObject({ type: 'nps', prompt: 'Hi?', inline: false, status: 'idle' });
    expect(shadowOf().querySelector('button.l')?.getAttribute('aria-expanded')).toBe('true');
    widget.close();
    expect(onClose).toHaveBeenCalledOnce();
    expect(widget.isOpen).toBe(false);
    expect(dialog.mounted()).toBe(0);
  });

  it('submits from the dialog with page context, author context and onSubmit context', async () => {
    const dialog = fakeDialog();
    const onSuccess = vi.fn();
    const widget = mountWidget(
      {
        ...base,
        context: { plan: 'pro', drop: 'me' },
        onSubmit: (submission) => ({ context: { score: submission.score } }),
        onSuccess,
      },
      { loadDialog: async () => dialog.module },
    );
    widget.setContext({ userId: 'u_1', drop: null });
    await widget.open();
    dialog.last().onSubmit({ score: 9, comment: 'Fast checkout' });
    await expect.poll(() => dialog.last().status).toBe('sent');
    expect(sentBody()).toMatchObject({
      inboxKey: 'ibx_1',
      type: 'nps',
      score: 9,
      comment: 'Fast checkout',
      context: {
        source: 'widget',
        url: location.href,
        viewport: { width: innerWidth, height: innerHeight },
        plan: 'pro',
        userId: 'u_1',
        score: 9,
      },
    });
    expect(sentBody().context).not.toHaveProperty('drop');
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ id: 'fb_1', fromQueue: false }));
  });

  it('leaves a viewport the site set as it is', async () => {
    const widget = mountWidget(
      { ...base, context: { viewport: 'embedded' } },
      { loadDialog: async () => fakeDialog().module },
    );
    await widget.submit({ score: 7 });
    expect(sentBody().context.viewport).toBe('embedded');
  });

  it('queues a failed submission and sends it with the same idempotency key when back online', async () => {
    const dialog = fakeDialog();
    const onError = vi.fn();
    const onSuccess = vi.fn();
    const widget = mountWidget({ ...base, onError, onSuccess }, { loadDialog: async () => dialog.module });
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 503 }));
    const outcome = await widget.submit({ score: 3 });
    expect(outcome).toMatchObject({ status: 'queued', error: { code: 'server_error', queued: true } });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'server_error', queued: true }));
    const [entry] = JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) as string);
    // Due only after its backoff: make it due now, then let the browser come back online.
    localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([{ ...entry, notBefore: 0 }]));
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => onSuccess).toHaveBeenCalledWith(expect.objectContaining({ fromQueue: true }));
    const keys = idempotencyKeys();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  it('retries a 5xx on a timer after its backoff while the page stays open, without an online event', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const onSuccess = vi.fn();
      const widget = mountWidget({ ...base, onSuccess }, { loadDialog: async () => fakeDialog().module });
      fetchMock.mockResolvedValueOnce(new Response('{}', { status: 503 }));
      expect(await widget.submit({ score: 4 })).toMatchObject({ status: 'queued' });
      // Not before the 5 s backoff…
      await vi.advanceTimersByTimeAsync(4900);
      expect(fetchMock).toHaveBeenCalledOnce();
      // …then once, with the first attempt's idempotency key.
      await vi.advanceTimersByTimeAsync(200);
      await expect.poll(() => onSuccess).toHaveBeenCalledWith(expect.objectContaining({ fromQueue: true }));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(idempotencyKeys()[0]).toBe(idempotencyKeys()[1]);
      expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
      // Nothing left: no further timer sends anything.
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps retrying with a growing backoff while the server keeps failing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      fetchMock.mockImplementation(async () => new Response('{}', { status: 502 }));
      const widget = mountWidget(base, { loadDialog: async () => fakeDialog().module });
      await widget.submit({ score: 2 });
      // Backoff 5 s, 10 s, 20 s: three more tries within 35 s, not four.
      await vi.advanceTimersByTimeAsync(35_100);
      expect(fetchMock).toHaveBeenCalledTimes(4);
      expect(new Set(idempotencyKeys()).size).toBe(1);
      expect(JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) as string)[0].attempts).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sets no timer while offline: the online event brings the entry back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      const widget = mountWidget(base, { loadDialog: async () => fakeDialog().module });
      expect(await widget.submit({ score: 1 })).toMatchObject({ error: { code: 'offline' } });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock).toHaveBeenCalledOnce();
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await expect.poll(() => localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      onLine.mockRestore();
      vi.useRealTimers();
    }
  });

  it('flushes what an earlier page load queued', async () => {
    const queued = {
      apiUrl: 'https://hb.example',
      apiKey: 'hb_collect',
      idempotencyKey: 'hbw_earlier',
      body: { inboxKey: 'ibx_1', type: 'nps', score: 7, comment: null, context: {} },
      attempts: 1,
      createdAt: Date.now(),
      notBefore: 0,
    };
    localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([queued]));
    mountWidget(base, { loadDialog: async () => fakeDialog().module });
    await expect.poll(() => localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
    expect(sentBody()).toEqual(queued.body);
  });

  it('reports a refusal without queueing it', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'invalid_api_key', detail: 'Unknown key' }), { status: 401 }),
    );
    const widget = mountWidget(base, { loadDialog: async () => fakeDialog().module });
    const outcome = await widget.submit({ score: 3 });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'rejected', apiCode: 'invalid_api_key' } });
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
  });

  describe('Try again after a failure that was not queued', () => {
    // Storage that refuses writes (a full quota, a sandboxed frame): a retryable failure cannot be
    // queued, so the dialog shows it failed and offers Try again.
    const fullStorage = () =>
      vi.stubGlobal('localStorage', {
        getItem: () => null,
        removeItem: () => {},
        setItem: () => {
          throw new DOMException('full', 'QuotaExceededError');
        },
      });
    // The first POST gets no answer (the connection dropped: the server may have stored it); the
    // health probe that follows answers, so the widget blames the browser (`blocked`).
    const answerLost = () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const collectCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/collect')) as [string, RequestInit][];
    const keyOf = ([, init]: [string, RequestInit]) => (init.headers as Record<string, string>)['Idempotency-Key'];

    it('re-sends the same request, same key and same bytes, without asking onSubmit again', async () => {
      fullStorage();
      const dialog = fakeDialog();
      const onSubmit = vi.fn(() => ({ context: { attempt: onSubmit.mock.calls.length } }));
      const onSuccess = vi.fn();
      const widget = mountWidget({ ...base, onSubmit, onSuccess }, { loadDialog: async () => dialog.module });
      await widget.open();
      answerLost();
      dialog.last().onSubmit({ score: 9, comment: 'Lost answer' });
      await expect.poll(() => dialog.last().status).toBe('failed');
      expect(dialog.last().error).toMatchObject({ code: 'blocked', queued: false });
      // Meanwhile the page changed: what the first attempt carried is what the retry carries.
      widget.setContext({ step: 'later' });
      const page = location.href;
      history.replaceState(null, '', '/elsewhere');
      dialog.last().onSubmit({ score: 9, comment: 'Lost answer' });
      await expect.poll(() => dialog.last().status).toBe('sent');
      expect(collectCalls()).toHaveLength(2);
      const [first, retry] = collectCalls() as [[string, RequestInit], [string, RequestInit]];
      expect(keyOf(retry)).toBe(keyOf(first));
      expect(retry[1].body).toBe(first[1].body);
      expect(JSON.parse(retry[1].body as string).context).toMatchObject({ attempt: 1, url: page });
      expect(JSON.parse(retry[1].body as string).context).not.toHaveProperty('step');
      expect(onSubmit).toHaveBeenCalledOnce();
      expect(onSuccess).toHaveBeenCalledWith({
        id: 'fb_1',
        fromQueue: false,
        submission: expect.objectContaining({ score: 9, comment: 'Lost answer', context: expect.any(Object) }),
      });
      expect(onSuccess.mock.calls[0]?.[0].submission).not.toHaveProperty('inboxKey');
      history.replaceState(null, '', page);
    });

    it('gives a changed submission, a later one or one after reopening a new key', async () => {
      fullStorage();
      const dialog = fakeDialog();
      const onSubmit = vi.fn();
      const widget = mountWidget({ ...base, onSubmit }, { loadDialog: async () => dialog.module });
      await widget.open();
      answerLost();
      expect(await widget.submit({ score: 9 })).toMatchObject({ status: 'failed' });
      // Another score: another submission, built and checked afresh.
      answerLost();
      expect(await widget.submit({ score: 8 })).toMatchObject({ status: 'failed' });
      // The same score with other context of its own is not the same submission either.
      expect(await widget.submit({ score: 8, context: { from: 'footer' } })).toMatchObject({ status: 'sent' });
      // Sent: the same input again is new feedback.
      expect(await widget.submit({ score: 8, context: { from: 'footer' } })).toMatchObject({ status: 'sent' });
      // A failure, then the dialog closed and opened again (a fresh form): new feedback too.
      answerLost();
      expect(await widget.submit({ score: 7 })).toMatchObject({ status: 'failed' });
      widget.close();
      await widget.open();
      expect(await widget.submit({ score: 7 })).toMatchObject({ status: 'sent' });
      const keys = collectCalls().map(keyOf);
      expect(keys).toHaveLength(6);
      expect(new Set(keys).size).toBe(6);
      expect(onSubmit).toHaveBeenCalledTimes(6);
    });

    it('re-sends a refused submission with its key: the server stored nothing, and may take it now', async () => {
      const dialog = fakeDialog();
      const widget = mountWidget(base, { loadDialog: async () => dialog.module });
      fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'inbox_not_found' }), { status: 404 }));
      expect(await widget.submit({ score: 3, comment: 'Refused' })).toMatchObject({ status: 'failed' });
      expect(await widget.submit({ score: 3, comment: 'Refused' })).toMatchObject({ status: 'sent' });
      const [first, retry] = idempotencyKeys();
      expect(retry).toBe(first);
    });
  });

  it('refuses a score the kind does not take, without a request', async () => {
    const onError = vi.fn();
    const widget = mountWidget({ ...base, onError }, { loadDialog: async () => fakeDialog().module });
    expect(await widget.submit({ score: 11 })).toMatchObject({ status: 'failed', error: { code: 'invalid_input' } });
    expect(onError).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  describe('an onSubmit that throws or rejects', () => {
    it('sends nothing, shows the failure, reports it once, and Try again asks onSubmit again', async () => {
      const dialog = fakeDialog();
      const onError = vi.fn();
      const bug = new TypeError('user is undefined');
      let broken = true;
      const onSubmit = vi.fn(() => {
        if (broken) throw bug;
        return { context: { plan: 'pro' } };
      });
      const widget = mountWidget({ ...base, onSubmit, onError }, { loadDialog: async () => dialog.module });
      await widget.open();
      dialog.last().onSubmit({ score: 9, comment: 'Hi' });
      await expect.poll(() => dialog.last().status).toBe('failed');
      expect(dialog.last().error).toMatchObject({ code: 'rejected', cause: bug, queued: false, retryable: false });
      expect(onError).toHaveBeenCalledOnce();
      expect(onError.mock.calls[0]?.[0]).toBe(dialog.last().error);
      expect(fetchMock).not.toHaveBeenCalled();
      expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
      // The page fixed (or stopped hitting) its bug: Try again, the same input, asks onSubmit again.
      broken = false;
      dialog.last().onSubmit({ score: 9, comment: 'Hi' });
      await expect.poll(() => dialog.last().status).toBe('sent');
      expect(onSubmit).toHaveBeenCalledTimes(2);
      expect(fetchMock).toHaveBeenCalledOnce();
      expect(sentBody()).toMatchObject({ score: 9, comment: 'Hi', context: { plan: 'pro' } });
    });

    it('resolves submit() with a failed outcome, and logs the original error with debug', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        const bug = new Error('consent service down');
        const widget = mountWidget(
          { ...base, debug: true, onSubmit: async () => Promise.reject(bug) },
          { loadDialog: async () => fakeDialog().module },
        );
        const outcome = await widget.submit({ score: 3 });
        expect(outcome).toMatchObject({ status: 'failed', error: { code: 'rejected', cause: bug } });
        expect(fetchMock).not.toHaveBeenCalled();
        // The page's own error, with its stack, is what helps: the console gets it, not the wrapper.
        expect(warn).toHaveBeenCalledExactlyOnceWith('[hearback]', bug);
      } finally {
        warn.mockRestore();
      }
    });
  });

  describe('a context that cannot become JSON (a cycle, a BigInt)', () => {
    const cyclic: Record<string, unknown> = { name: 'cart' };
    cyclic.self = cyclic;
    it.each<[string, Partial<WidgetOptions>, (widget: ReturnType<typeof mount>) => Promise<SubmitOutcome>]>([
      ['the context option', { context: { cart: cyclic } }, (widget) => widget.submit({ score: 8 })],
      [
        'setContext',
        {},
        (widget) => {
          widget.setContext({ total: 10n as unknown as number });
          return widget.submit({ score: 8 });
        },
      ],
      ['submit({ context })', {}, (widget) => widget.submit({ score: 8, context: { cart: cyclic } })],
      [
        'what onSubmit returns',
        { onSubmit: () => ({ context: { total: 10n as unknown as number } }) },
        (widget) => widget.submit({ score: 8 }),
      ],
      [
        'what onSubmit writes into the submission',
        {
          onSubmit: (submission) => {
            submission.context.cart = cyclic;
            return undefined;
          },
        },
        (widget) => widget.submit({ score: 8 }),
      ],
    ])('from %s fails as invalid input naming the context, with no request', async (_, options, send) => {
      const onError = vi.fn();
      const widget = mountWidget({ ...base, ...options, onError }, { loadDialog: async () => fakeDialog().module });
      const outcome = await send(widget);
      expect(outcome).toMatchObject({ status: 'failed', error: { code: 'invalid_input', queued: false } });
      expect(outcome.status === 'failed' && outcome.error.message).toMatch(/^context: /);
      expect(onError).toHaveBeenCalledExactlyOnceWith(outcome.status === 'failed' && outcome.error);
      // Neither /collect nor the /healthz probe that tells a blocker from a server down.
      expect(fetchMock).not.toHaveBeenCalled();
      expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
    });

    it('shows the failure in the dialog that sent it, not a blocker', async () => {
      const dialog = fakeDialog();
      const widget = mountWidget(base, { loadDialog: async () => dialog.module });
      widget.setContext({ cart: cyclic });
      await widget.open();
      dialog.last().onSubmit({ score: 9, comment: 'Hi' });
      await expect.poll(() => dialog.last().status).toBe('failed');
      expect(dialog.last().error?.code).toBe('invalid_input');
    });
  });

  describe('a page callback that throws', () => {
    const bug = new Error('the page’s own bug');
    const throwing = () => {
      throw bug;
    };
    let reportError: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      reportError = vi.fn();
      vi.stubGlobal('reportError', reportError);
    });

    it('onSuccess: the feedback stays sent, submit() resolves, and the error is reported', async () => {
      const dialog = fakeDialog();
      const widget = mountWidget({ ...base, onSuccess: throwing }, { loadDialog: async () => dialog.module });
      await widget.open();
      expect(await widget.submit({ score: 9 })).toEqual({ status: 'sent', id: 'fb_1' });
      expect(dialog.last().status).toBe('sent');
      expect(reportError).toHaveBeenCalledExactlyOnceWith(bug);
    });

    it('onError: the failure stays what it was, submit() resolves with it, and the error is reported', async () => {
      const dialog = fakeDialog();
      const widget = mountWidget({ ...base, onError: throwing }, { loadDialog: async () => dialog.module });
      await widget.open();
      fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'inbox_not_found' }), { status: 404 }));
      expect(await widget.submit({ score: 9 })).toMatchObject({
        status: 'failed',
        error: { code: 'rejected', apiCode: 'inbox_not_found' },
      });
      expect(dialog.last()).toMatchObject({ status: 'failed', error: { code: 'rejected' } });
      // Queued (a 503 with storage): still queued.
      fetchMock.mockResolvedValueOnce(new Response('{}', { status: 503 }));
      expect(await widget.submit({ score: 4 })).toMatchObject({ status: 'queued', error: { code: 'server_error' } });
      expect(dialog.last().status).toBe('queued');
      expect(reportError).toHaveBeenCalledTimes(2);
      expect(reportError).toHaveBeenLastCalledWith(bug);
    });

    it('onError after an onSubmit that failed: still that failure, shown with Try again', async () => {
      const dialog = fakeDialog();
      const cause = new Error('consent manager not ready');
      const widget = mountWidget(
        {
          ...base,
          onSubmit: () => {
            throw cause;
          },
          onError: throwing,
        },
        { loadDialog: async () => dialog.module },
      );
      await widget.open();
      expect(await widget.submit({ score: 9 })).toMatchObject({ status: 'failed', error: { code: 'rejected', cause } });
      expect(dialog.last().status).toBe('failed');
      expect(reportError).toHaveBeenCalledExactlyOnceWith(bug);
    });

    it('onSuccess for queued deliveries: every entry is still delivered and reported', async () => {
      const request = (key: string, score: number) => ({
        apiUrl: 'https://hb.example',
        apiKey: 'hb_collect',
        idempotencyKey: key,
        body: { inboxKey: 'ibx_1', type: 'nps', score, comment: null, context: {} },
        attempts: 1,
        createdAt: Date.now(),
        notBefore: 0,
      });
      localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify([request('hbw_a', 1), request('hbw_b', 2)]));
      const delivered: number[] = [];
      mountWidget(
        {
          ...base,
          onSuccess: ({ submission }) => {
            delivered.push(submission.score as number);
            throw bug;
          },
        },
        { loadDialog: async () => fakeDialog().module },
      );
      await expect.poll(() => delivered).toEqual([1, 2]);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
      expect(reportError).toHaveBeenCalledTimes(2);
    });
  });

  it('lets onSubmit cancel', async () => {
    const widget = mountWidget({ ...base, onSubmit: () => false }, { loadDialog: async () => fakeDialog().module });
    expect(await widget.submit({ score: 3 })).toMatchObject({ status: 'failed', error: { code: 'rejected' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a dialog that fails to load, and can try again', async () => {
    const onError = vi.fn();
    const dialog = fakeDialog();
    const loadDialog = vi
      .fn()
      .mockRejectedValueOnce(new WidgetError('load_failed', 'blocked'))
      .mockResolvedValue(dialog.module);
    const widget = mountWidget({ ...base, onError }, { loadDialog });
    await widget.open();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'load_failed' }));
    await widget.open();
    expect(widget.isOpen).toBe(true);
  });

  it('says why the launcher cannot open the dialog offline, with aria-expanded telling the truth', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const loadDialog = vi.fn().mockRejectedValue(new WidgetError('load_failed', 'offline'));
    mountWidget(base, { loadDialog });
    const launcher = shadowOf().querySelector('button.l') as HTMLButtonElement;
    launcher.click();
    await expect.poll(() => shadowOf().querySelector('.m')).not.toBeNull();
    const notice = shadowOf().querySelector('.m') as HTMLElement;
    expect(notice.textContent).toBe('You’re offline. Try again once you’re back online.');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    // The launcher toggles it away again.
    launcher.click();
    expect(shadowOf().querySelector('.m')).toBeNull();
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows Loading… while a slow dialog loads, and the dialog once it arrives', async () => {
    vi.useFakeTimers();
    try {
      const dialog = fakeDialog();
      let arrive: (module: DialogModule) => void = () => {};
      const loadDialog = () => new Promise<DialogModule>((resolve) => (arrive = resolve));
      const widget = mountWidget({ ...base, labels: { loading: 'Einen Moment…' } }, { loadDialog });
      const opened = widget.open();
      const launcher = shadowOf().querySelector('button.l') as HTMLButtonElement;
      await vi.advanceTimersByTimeAsync(299);
      expect(shadowOf().querySelector('.m')).toBeNull();
      await vi.advanceTimersByTimeAsync(1);
      const notice = shadowOf().querySelector('.m') as HTMLElement;
      expect(notice.textContent).toBe('Einen Moment…');
      expect(notice.getAttribute('role')).toBe('status');
      expect(notice.getAttribute('aria-busy')).toBe('true');
      expect(launcher.getAttribute('aria-expanded')).toBe('true');
      arrive(dialog.module);
      await opened;
      expect(shadowOf().querySelector('.m')).toBeNull();
      expect(widget.isOpen).toBe(true);
      expect(launcher.getAttribute('aria-expanded')).toBe('true');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no loading notice when the dialog is quick', async () => {
    vi.useFakeTimers();
    try {
      const widget = mountWidget(base, { loadDialog: async () => fakeDialog().module });
      await widget.open();
      await vi.advanceTimersByTimeAsync(1000);
      expect(shadowOf().querySelector('.m')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renders inline into a container, opened at once, without a launcher', async () => {
    document.body.innerHTML = '<section id="slot"></section>';
    const dialog = fakeDialog();
    mountWidget({ ...base, container: '#slot' }, { loadDialog: async () => dialog.module });
    const host = document.querySelector('#slot > hearback-widget') as HTMLElement;
    expect(host.hasAttribute('data-inline')).toBe(true);
    expect(host.shadowRoot?.querySelector('button.l')).toBeNull();
    await expect.poll(() => dialog.last()).toMatchObject({ inline: true });
  });

  it('does not call onOpen for an inline form shown at mount, nor on a programmatic submit', async () => {
    document.body.innerHTML = '<section id="slot"></section>';
    const dialog = fakeDialog();
    const onOpen = vi.fn();
    const widget = mountWidget({ ...base, container: '#slot', onOpen }, { loadDialog: async () => dialog.module });
    expect(await widget.submit({ score: 9 })).toEqual({ status: 'sent', id: 'fb_1' });
    await expect.poll(() => dialog.last()).toMatchObject({ inline: true, status: 'sent' });
    expect(onOpen).not.toHaveBeenCalled();
    // Opening it on purpose is still an open.
    widget.close();
    await widget.open();
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('throws for a container that is not there', () => {
    expect(() =>
      mountWidget({ ...base, container: '#missing' }, { loadDialog: async () => fakeDialog().module }),
    ).toThrow(TypeError);
  });

  it('follows the colour scheme: fixed, or the live system preference', () => {
    const listeners: (() => void)[] = [];
    const query = {
      matches: false,
      addEventListener: (_: string, fn: () => void) => listeners.push(fn),
      removeEventListener: vi.fn(),
    };
    vi.stubGlobal('matchMedia', () => query);
    mountWidget({ ...base, colorScheme: 'dark' }, { loadDialog: async () => fakeDialog().module });
    mountWidget({ ...base, colorScheme: 'light' }, { loadDialog: async () => fakeDialog().module });
    mountWidget(base, { loadDialog: async () => fakeDialog().module });
    const [dark, light, system] = Array.from(document.querySelectorAll('hearback-widget'));
    expect(dark?.hasAttribute('data-dark')).toBe(true);
    expect(light?.hasAttribute('data-dark')).toBe(false);
    expect(system?.hasAttribute('data-dark')).toBe(false);
    query.matches = true;
    for (const listener of listeners) listener();
    expect(system?.hasAttribute('data-dark')).toBe(true);
    // A fixed scheme stays as it is when the system's changes.
    expect(dark?.hasAttribute('data-dark')).toBe(true);
    expect(light?.hasAttribute('data-dark')).toBe(false);
  });

  it('destroy removes the widget, its listeners and its retry timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      fetchMock.mockResolvedValueOnce(new Response('{}', { status: 503 }));
      const widget = mountWidget(base, { loadDialog: async () => fakeDialog().module });
      await widget.submit({ score: 3 });
      widget.destroy();
      expect(document.querySelector('hearback-widget')).toBeNull();
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
