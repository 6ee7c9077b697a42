/**
 * The HTTP side of `pnpm bench:api`: timed GETs over keep-alive, a streamed export with the
 * server's RSS sampled, and Server-Sent Events fan-out latency. Nothing here knows Hearback's
 * schema; the stream measurement also runs against the bare fan-out floor (api-fanout-floor.mjs).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import { percentile } from './harness.mjs';

/** p50/p95/max of `times` (ms), which it sorts and keeps (to pool with others). */
export function summarize(times) {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1), count: times.length, times };
}

async function getOk(url, headers) {
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${Buffer.from(body).toString()}`);
  return body;
}

/**
 * Requests `count` GETs one after another, cycling through `queries` (`{label, url}`), after one
 * warm-up round of each. Returns the summary over all and per label.
 */
export async function timeGets(queries, { headers, count }) {
  for (const { url } of queries) await getOk(url, headers);
  const all = [];
  const byLabel = new Map(queries.map(({ label }) => [label, []]));
  for (let n = 0; n < count; n += 1) {
    const { label, url } = queries[n % queries.length];
    const started = performance.now();
    await getOk(url, headers);
    const elapsed = performance.now() - started;
    all.push(elapsed);
    byLabel.get(label).push(elapsed);
  }
  return {
    ...summarize(all),
    byLabel: new Map([...byLabel].map(([label, times]) => [label, summarize(times)])),
  };
}

/** Resident set size of process `pid` in bytes (Linux /proc). */
function rssOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/**
 * Streams a CSV export to its end, counting rows (lines after the header: no seeded comment holds
 * a line break) and sampling the server's RSS every 100 ms. Memory is flat when it stops rising:
 * `rssGrowth` is the peak over the run minus the RSS before it, `lateGrowth` how far the peak of
 * the second half of the bytes rose above the peak of the first (near 0 when bounded).
 */
export async function measureExport(url, { headers, serverPid }) {
  const rssBefore = rssOf(serverPid);
  let bytes = 0;
  const samples = [];
  const sample = () => samples.push({ bytes, rss: rssOf(serverPid) });
  const sampler = setInterval(sample, 100);
  const started = performance.now();
  let lineEnds = 0;
  try {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`export: ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, index + 1)) lineEnds += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  const peak = (from, to) =>
    Math.max(rssBefore, ...samples.filter((s) => s.bytes >= from && s.bytes <= to).map((s) => s.rss));
  const firstHalfPeak = peak(0, bytes / 2);
  const rows = lineEnds - 1;
  return {
    rows,
    bytes,
    seconds,
    rate: rows / seconds,
    rssBefore,
    rssGrowth: peak(0, bytes) - rssBefore,
    lateGrowth: Math.max(0, peak(bytes / 2, bytes) - firstHalfPeak),
  };
}

/** Opens one SSE stream and reports every event's `data.id` to `onArrival(id, at)`. */
async function openStream(url, headers, onArrival) {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`stream: ${response.status} ${await response.text()}`);
  const parser = createParser({
    onEvent: (event) => onArrival(JSON.parse(event.data).id, performance.now()),
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let ready;
  const subscribed = new Promise((resolve) => {
    ready = resolve;
  });
  (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true }));
      if (chunk.done) return;
      ready();
      parser.feed(decoder.decode(chunk.value, { stream: true }));
    }
  })();
  // The first bytes (a retry hint or comment) come once the stream is subscribed.
  await subscribed;
  return () => reader.cancel().catch(() => {});
}

/**
 * Holds `streams` streams of `streamUrl` open, then publishes `items` one at a time
 * (`publish(n)` resolves with the item's id once the server acknowledged it) and waits for each
 * to reach every stream before the next. Returns the delays from each acknowledgement to each
 * arrival (ms; negative when an event overtook its own 201), and how many never arrived within
 * `timeoutMs`.
 */
export async function measureFanOut({ streamUrl, headers, streams, items, publish, timeoutMs = 10_000 }) {
  const arrivals = new Map();
  const waiters = new Map();
  const onArrival = (id, at) => {
    const times = arrivals.get(id) ?? [];
    times.push(at);
    arrivals.set(id, times);
    if (times.length === streams) waiters.get(id)?.();
  };
  const closers = [];
  // A few at a time: 200 connections at once would measure the accept queue, not the stream.
  for (let opened = 0; opened < streams; opened += 20) {
    const batch = Array.from({ length: Math.min(20, streams - opened) }, () =>
      openStream(streamUrl, headers, onArrival),
    );
    closers.push(...(await Promise.all(batch)));
  }
  const delays = [];
  let missing = 0;
  try {
    for (let n = 0; n < items; n += 1) {
      const id = await publish(n);
      const acknowledged = performance.now();
      const everywhere = new Promise((resolve) => {
        waiters.set(id, resolve);
        if ((arrivals.get(id)?.length ?? 0) >= streams) resolve();
      });
      let timer;
      await Promise.race([everywhere, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      waiters.delete(id);
      const times = arrivals.get(id) ?? [];
      missing += streams - times.length;
      for (const at of times) delays.push(at - acknowledged);
    }
  } finally {
    for (const close of closers) await close();
  }
  return { ...summarize(delays), missing };
}
