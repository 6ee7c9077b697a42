/** Where progress goes: a TTY gets one line redrawn in place, anything else plain periodic lines. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

export interface ProgressOptions {
  total: number;
  stream: ProgressStream;
  /** Milliseconds clock; injectable so the output can be checked without waiting. */
  now?: () => number;
  /** Between plain lines when the stream is not a TTY. */
  lineIntervalMs?: number;
}

export interface Progress {
  update(done: number): void;
  /** Ends the redrawn line (TTY); returns the elapsed seconds. */
  finish(): number;
}

const BAR_WIDTH = 24;
/** A TTY redraws at most this often: a fast embedder would otherwise spend its time printing. */
const REDRAW_MS = 100;

/** `75` → `1m15s`; `4000` → `1h06m`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(whole / 3600)}h${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}

/** `1200/5000 24% · 48.0/s · ETA 1m19s`, with a bar in front on a TTY. */
export function progressLine(done: number, total: number, elapsedSeconds: number, bar: boolean): string {
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const rate = elapsedSeconds > 0 ? done / elapsedSeconds : 0;
  const eta = rate > 0 ? formatDuration((total - done) / rate) : '?';
  const filled = Math.round(fraction * BAR_WIDTH);
  const prefix = bar ? `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ` : '';
  return `${prefix}${done}/${total} ${Math.floor(fraction * 100)}% · ${rate.toFixed(1)}/s · ETA ${eta}`;
}

/**
 * A progress display small enough to own: done/total, rate and ETA, redrawn in place on a TTY
 * (no dependency for one line), printed every `lineIntervalMs` elsewhere (logs, CI, pipes).
 *
 * @example
 * const progress = createProgress({ total: 5000, stream: process.stderr });
 * progress.update(32);
 */
export function createProgress(options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now());
  const tty = options.stream.isTTY === true;
  const interval = tty ? REDRAW_MS : (options.lineIntervalMs ?? 5000);
  const started = now();
  let printedAt = started;
  let drawn = false;
  const elapsed = () => (now() - started) / 1000;
  return {
    update(done) {
      const at = now();
      if (at - printedAt < interval && done < options.total) return;
      printedAt = at;
      const line = progressLine(done, options.total, elapsed(), tty);
      if (tty) {
        options.stream.write(`\r\u001b[2K${line}`);
        drawn = true;
      } else options.stream.write(`${line}\n`);
    },
    finish() {
      if (drawn) options.stream.write('\n');
      return elapsed();
    },
  };
}
