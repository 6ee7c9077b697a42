/**
 * A year of feedback for `pnpm bench:api`, written straight into the database through the store's
 * own `feedback.insertMany` (the row builder the server uses, so the real columns, indexes and
 * full-text triggers all apply), in multi-row inserts of {@link ROWS_PER_INSERT} rows inside
 * transactions of {@link INSERTS_PER_TRANSACTION} inserts. Deterministic (a seeded generator), so
 * runs compare; ids are ULIDs of each row's `created_at`, as the server's own ids are.
 */
import { performance } from 'node:perf_hooks';
import { FEEDBACK_STATUSES, SCORE_RANGES } from '@hearback/spec';
import { monotonicFactory } from 'ulidx';

// PostgreSQL takes at most 65,535 parameters a statement (15 columns a row).
const ROWS_PER_INSERT = 2_000;
const INSERTS_PER_TRANSACTION = 10;
export const YEAR_MS = 365 * 86_400_000;

/** Share of each value, as `[value, weight]` pairs. */
const TYPES = [
  ['nps', 25],
  ['csat', 20],
  ['stars', 20],
  ['thumbs', 15],
  ['emoji', 10],
  ['text', 10],
];
const STATUSES = [55, 15, 8, 15, 5, 2].map((weight, index) => [FEEDBACK_STATUSES[index], weight]);
const SOURCES = [
  ['widget', 50],
  ['email', 15],
  ['server', 15],
  ['page', 10],
  ['mcp', 5],
  [null, 5],
];
const INBOX_WEIGHTS = [50, 25, 15, 10];
/** A comment is two of these: `q=checkout` matches about one commented item in eight, `invoice` one in 30. */
const PHRASES = [
  'Checkout was fast and clear.',
  'The checkout page froze on my phone.',
  'Love the dark mode!',
  'Pricing page is confusing.',
  'Export to CSV takes forever.',
  'Search does not find older tickets.',
  'Support answered within minutes, thank you.',
  'The app crashes when I upload a photo.',
  'Please add an invoice download.',
  'Onboarding emails are too frequent.',
  'Notifications arrive late on Android.',
  'Great update, the new dashboard is much quicker.',
  'I could not reset my password.',
  'Shipping took two weeks longer than promised.',
  'The mobile layout hides the save button.',
  'Would be nice to have keyboard shortcuts.',
];
/** Of the items of a scored type, this share has a comment too (all `text` items have one): about 40 % overall. */
const COMMENTED_SCORED = 1 / 3;

/** mulberry32: a small seeded generator, so every run writes the same rows. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function weightedPicker(pairs, random) {
  const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let draw = random() * total;
    for (const [value, weight] of pairs) {
      draw -= weight;
      if (draw < 0) return value;
    }
    return pairs.at(-1)[0];
  };
}

/**
 * Writes `rows` feedback items of `orgId` spread over the year before `end` across `inboxIds`
 * (weighted 50/25/15/10), printing progress and the rate through `log`.
 */
export async function seedFeedback({ store, orgId, inboxIds, rows, end, log }) {
  const random = seededRandom(17);
  const pickType = weightedPicker(TYPES, random);
  const pickStatus = weightedPicker(STATUSES, random);
  const pickSource = weightedPicker(SOURCES, random);
  const pickInbox = weightedPicker(
    inboxIds.map((id, index) => [id, INBOX_WEIGHTS[index] ?? 5]),
    random,
  );
  const ulid = monotonicFactory(random);
  const start = end - YEAR_MS;
  const spacing = YEAR_MS / rows;
  const rowAt = (n) => {
    const type = pickType();
    const range = SCORE_RANGES[type];
    // Skewed towards the top of the range, as satisfaction scores are.
    const score = range ? range.min + Math.floor(random() ** 0.6 * (range.max - range.min + 1)) : null;
    const commented = type === 'text' || random() < COMMENTED_SCORED;
    const comment = commented
      ? `${PHRASES[Math.floor(random() * PHRASES.length)]} ${PHRASES[Math.floor(random() * PHRASES.length)]}`
      : null;
    const time = Math.floor(start + (n + random()) * spacing);
    const at = new Date(time).toISOString();
    return {
      id: `fb_${ulid(time).toLowerCase()}`,
      orgId,
      inboxId: pickInbox(),
      brandId: null,
      type,
      score,
      comment,
      context: { page: `/docs/${n % 211}`, locale: n % 3 === 0 ? 'de' : 'en' },
      source: pickSource(),
      status: pickStatus(),
      issueLink: null,
      idempotencyKey: null,
      createdAt: at,
      updatedAt: at,
    };
  };

  const started = performance.now();
  let lastReport = started;
  const perTransaction = ROWS_PER_INSERT * INSERTS_PER_TRANSACTION;
  for (let first = 0; first < rows; first += perTransaction) {
    await store.transaction(async (tx) => {
      for (let from = first; from < Math.min(rows, first + perTransaction); from += ROWS_PER_INSERT) {
        const batch = [];
        for (let n = from; n < Math.min(rows, from + ROWS_PER_INSERT); n += 1) batch.push(rowAt(n));
        await tx.feedback.insertMany(batch);
      }
    });
    const written = Math.min(rows, first + perTransaction);
    if (performance.now() - lastReport > 5_000 || written === rows) {
      lastReport = performance.now();
      const seconds = (lastReport - started) / 1000;
      log(
        `  seeded ${written.toLocaleString('en-US')} / ${rows.toLocaleString('en-US')} rows (${Math.round(written / seconds).toLocaleString('en-US')} rows/s)`,
      );
    }
  }
  return { seconds: (performance.now() - started) / 1000 };
}
