import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration } from './progress.js';

function sink(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, stream: { isTTY, write: (text: string) => chunks.push(text) } };
}

describe('createProgress', () => {
  it('redraws one line on a TTY with done/total, rate and ETA', () => {
    let now = 0;
    const { chunks, stream } = sink(true);
    const progress = createProgress({ total: 1000, stream, now: () => now });
    now = 10_000;
    progress.update(250);
    now = 10_050; // within the redraw interval: skipped
    progress.update(260);
    now = 20_000;
    progress.update(500);
    expect(progress.finish()).toBe(20);
    expect(chunks).toEqual([
      '\r\u001b[2K[######------------------] 250/1000 25% · 25.0/s · ETA 30s',
      '\r\u001b[2K[############------------] 500/1000 50% · 25.0/s · ETA 20s',
      '\n',
    ]);
  });

  it('prints plain lines at the interval elsewhere, and always the last one', () => {
    let now = 0;
    const { chunks, stream } = sink(false);
    const progress = createProgress({ total: 90, stream, now: () => now, lineIntervalMs: 5000 });
    now = 1000;
    progress.update(30);
    now = 6000;
    progress.update(60);
    now = 7000;
    progress.update(90);
    progress.finish();
    expect(chunks).toEqual(['60/90 66% · 10.0/s · ETA 3s\n', '90/90 100% · 12.9/s · ETA 0s\n']);
  });
});

describe('formatDuration', () => {
  it('shows seconds, minutes or hours', () => {
    expect([formatDuration(42), formatDuration(75), formatDuration(4000)]).toEqual(['42s', '1m15s', '1h06m']);
  });
});
