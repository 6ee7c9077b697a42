// @vitest-environment happy-dom
import { act, createRef, Suspense, startTransition, use, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackWidget } from './feedback-widget.js';
import { type FeedbackControls, type UseFeedbackOptions, useFeedback } from './use-feedback.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const options = { inboxKey: 'ibx_1', apiKey: 'hb_collect', apiUrl: 'https://hb.example' } as const;
let root: Root;
let container: HTMLElement;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'fb_1', success: true }), { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const hosts = () => Array.from(document.querySelectorAll('hearback-widget'));
const sent = (call = 0) => JSON.parse((fetchMock.mock.calls[call] as [string, RequestInit])[1].body as string);

describe('<FeedbackWidget>', () => {
  it('adds a floating launcher while mounted, and removes it on unmount', async () => {
    await act(async () => root.render(<FeedbackWidget {...options} type="stars" />));
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]?.parentElement).toBe(document.body);
    expect(hosts()[0]?.shadowRoot?.querySelector('button.l')).not.toBeNull();
    await act(async () => root.render(<p>gone</p>));
    expect(hosts()).toHaveLength(0);
  });

  it('renders the form in place with inline, in its own container', async () => {
    await act(async () => root.render(<FeedbackWidget {...options} type="nps" inline className="box" />));
    const box = container.querySelector('div.box');
    expect(box?.querySelector('hearback-widget')).not.toBeNull();
    // Inline shows the form at once, once the dialog module has loaded.
    await act(() => expect.poll(() => hosts()[0]?.shadowRoot?.querySelectorAll('.c')).toHaveLength(11));
  });

  it('exposes the controls through its ref', async () => {
    const ref = createRef<FeedbackControls>();
    const onSuccess = vi.fn();
    await act(async () => root.render(<FeedbackWidget {...options} ref={ref} type="thumbs" onSuccess={onSuccess} />));
    expect(ref.current?.ready).toBe(true);
    const outcome = await act(() => ref.current?.submit({ score: 1, comment: 'From a ref' }));
    expect(outcome).toEqual({ status: 'sent', id: 'fb_1' });
    expect(sent()).toMatchObject({ type: 'thumbs', score: 1, comment: 'From a ref' });
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ id: 'fb_1' }));
  });
});

/** Renders useFeedback's state and hands its controls out. */
function Probe(props: UseFeedbackOptions & { onControls(controls: FeedbackControls): void }) {
  const { onControls, ...rest } = props;
  const controls = useFeedback(rest);
  onControls(controls);
  return <span>{controls.isOpen ? 'open' : 'closed'}</span>;
}

/** Suspends on `pending`, reporting each render attempt. */
function Suspends({ pending, onRender }: { pending: Promise<void>; onRender(): void }): null {
  onRender();
  use(pending);
  return null;
}

/** A parent that keeps the dialog's state, controlled through `open` and `onOpenChange`. */
function Controlled(props: { onOpenChange(open: boolean): void; expose(set: (open: boolean) => void): void }) {
  const [open, setOpen] = useState(false);
  props.expose(setOpen);
  return (
    <Probe
      {...options}
      type="nps"
      open={open}
      onOpenChange={(next) => {
        props.onOpenChange(next);
        setOpen(next);
      }}
      onControls={() => {}}
    />
  );
}

describe('useFeedback', () => {
  it('opens and closes, tracking isOpen, and calls the latest callbacks', async () => {
    let controls: FeedbackControls | undefined;
    const first = vi.fn();
    const second = vi.fn();
    const render = (onOpen: () => void) => (
      <Probe {...options} type="csat" launcher={false} onOpen={onOpen} onControls={(value) => (controls = value)} />
    );
    await act(async () => root.render(render(first)));
    expect(hosts()[0]?.shadowRoot?.querySelector('button.l')).toBeNull();
    await act(async () => root.render(render(second)));
    await act(async () => controls?.open());
    expect(container.textContent).toBe('open');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    await act(async () => controls?.close());
    expect(container.textContent).toBe('closed');
  });

  it('follows the context prop without remounting, dropping removed keys', async () => {
    let controls: FeedbackControls | undefined;
    const render = (context: Record<string, unknown>) => (
      <Probe {...options} type="nps" context={context} onControls={(value) => (controls = value)} />
    );
    await act(async () => root.render(render({ plan: 'free', userId: 'u_1' })));
    const host = hosts()[0];
    await act(async () => root.render(render({ plan: 'pro' })));
    expect(hosts()[0]).toBe(host);
    await act(() => controls?.submit({ score: 9 }));
    expect(sent().context).toMatchObject({ plan: 'pro', source: 'widget' });
    expect(sent().context).not.toHaveProperty('userId');
  });

  it('resolves submit with a failed outcome when onSubmit throws, and tells onError', async () => {
    let controls: FeedbackControls | undefined;
    const onError = vi.fn();
    const bug = new Error('analytics not ready');
    const onSubmit = () => {
      throw bug;
    };
    await act(async () =>
      root.render(
        <Probe
          {...options}
          type="nps"
          onSubmit={onSubmit}
          onError={onError}
          onControls={(value) => (controls = value)}
        />,
      ),
    );
    const outcome = await act(() => controls?.submit({ score: 9 }));
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'rejected', cause: bug } });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'rejected' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('remounts when an option that shapes the widget changes', async () => {
    await act(async () => root.render(<Probe {...options} type="nps" onControls={() => {}} />));
    const host = hosts()[0];
    await act(async () => root.render(<Probe {...options} type="stars" onControls={() => {}} />));
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]).not.toBe(host);
  });

  it('keeps the committed callbacks when React throws a render away', async () => {
    let controls: FeedbackControls | undefined;
    const committed = vi.fn();
    const discarded = vi.fn();
    let resume: () => void = () => {};
    const pending = new Promise<void>((resolve) => (resume = resolve));
    const rendered = vi.fn();
    const tree = (onOpen: () => void, suspend: boolean) => (
      <Suspense fallback={<span>fallback</span>}>
        <Probe {...options} launcher={false} onOpen={onOpen} onControls={(value) => (controls ??= value)} />
        {suspend && <Suspends pending={pending} onRender={rendered} />}
      </Suspense>
    );
    await act(async () => root.render(tree(committed, false)));
    // A transition that suspends: React renders Probe with the new callback, then keeps the old UI
    // (outside act, which would wait for the transition to finish).
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      startTransition(() => root.render(tree(discarded, true)));
      await expect.poll(() => rendered).toHaveBeenCalled();
      expect(container.textContent).toBe('closed');
      await controls?.open();
      expect(committed).toHaveBeenCalledOnce();
      expect(discarded).not.toHaveBeenCalled();
    } finally {
      resume();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('open() before the widget is mounted resolves once it is, with the dialog open', async () => {
    let controls: FeedbackControls | undefined;
    const render = (enabled: boolean) => (
      <Probe {...options} type="csat" enabled={enabled} onControls={(value) => (controls = value)} />
    );
    await act(async () => root.render(render(false)));
    expect(controls?.ready).toBe(false);
    let opened = false;
    const opening = controls?.open().then(() => (opened = true));
    await act(async () => {});
    expect(opened).toBe(false);
    await act(async () => root.render(render(true)));
    await act(() => opening);
    expect(opened).toBe(true);
    expect(container.textContent).toBe('open');
    expect(hosts()[0]?.shadowRoot?.querySelector('.d')).not.toBeNull();
  });

  it('follows a controlled open prop, and reports changes through onOpenChange', async () => {
    const onOpenChange = vi.fn();
    let setOpen: (open: boolean) => void = () => {};
    const dialog = () => hosts()[0]?.shadowRoot?.querySelector<HTMLElement>('.d');
    await act(async () => root.render(<Controlled onOpenChange={onOpenChange} expose={(set) => (setOpen = set)} />));
    expect(dialog()).toBeFalsy();
    await act(async () => setOpen(true));
    await act(() => expect.poll(() => dialog()).toBeTruthy());
    expect(container.textContent).toBe('open');
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    // The visitor closes it (Escape): the parent hears of it and the dialog stays closed.
    await act(async () => dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(dialog()).toBeFalsy();
    expect(container.textContent).toBe('closed');
    await act(async () => setOpen(true));
    await act(() => expect.poll(() => dialog()).toBeTruthy());
    await act(async () => setOpen(false));
    expect(dialog()).toBeFalsy();
  });

  it('a controlled open={true} that the parent keeps reopens the dialog the visitor closed', async () => {
    const onOpen = vi.fn();
    const onClose = vi.fn();
    await act(async () =>
      root.render(<Probe {...options} type="nps" open onOpen={onOpen} onClose={onClose} onControls={() => {}} />),
    );
    const dialog = () => hosts()[0]?.shadowRoot?.querySelector<HTMLElement>('.d');
    await act(() => expect.poll(() => dialog()).toBeTruthy());
    await act(async () => dialog()?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(onClose).toHaveBeenCalledOnce();
    await act(() => expect.poll(() => onOpen).toHaveBeenCalledTimes(2));
    expect(dialog()).toBeTruthy();
  });

  it('mounts nothing while disabled, and rejects calls', async () => {
    let controls: FeedbackControls | undefined;
    await act(async () =>
      root.render(<Probe {...options} enabled={false} onControls={(value) => (controls = value)} />),
    );
    expect(hosts()).toHaveLength(0);
    expect(controls?.ready).toBe(false);
    await expect(controls?.submit({ score: 1 })).rejects.toThrow(/not mounted/);
  });
});
