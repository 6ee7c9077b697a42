/**
 * Synthetic feedback for the search latency bench: comments composed from topic templates, and
 * the queries people would type about them (other templates, other words), never seen in the corpus.
 */

/** Deterministic pseudo-random numbers (mulberry32), so a corpus can be rebuilt identically. */
export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  // Box–Muller: a standard normal sample.
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, pick, gaussian };
}

const SLOTS = {
  device: ['iPhone', 'Android phone', 'iPad', 'laptop', 'Chromebook', 'work PC', 'tablet', 'Pixel', 'Mac'],
  browser: ['Chrome', 'Safari', 'Firefox', 'Edge', 'the mobile app', 'the desktop app'],
  when: ['since the last update', 'every morning', 'for two weeks now', 'today', 'again', 'all the time', 'lately'],
  feature: ['dashboard', 'reports page', 'search', 'calendar', 'editor', 'inbox', 'settings', 'team view'],
  file: ['photo', 'PDF', 'spreadsheet', 'video', 'screenshot', 'CSV file', 'profile picture'],
  money: ['$9.99', '$49', '€20', 'the annual fee', 'twice the price', '$120'],
  code: ['ERR_42', 'E1003', 'HTTP 500', 'timeout 504', 'SYNC_FAILED', 'code 17'],
  opener: ['', '', '', 'Hi, ', 'Honestly, ', 'Ugh, ', 'FYI: ', 'Hello team, ', 'Not sure if known but '],
  closer: ['', '', '', ' Please fix.', ' Thanks!', ' Very annoying.', ' Otherwise great product.', ' Any update?'],
};

/** Topics with comment templates; `{slot}` is filled from SLOTS. */
export const TOPICS = {
  crash: [
    'The app crashes when I upload a {file} on my {device}',
    'Crash every time I attach a {file} {when}',
    'It closes itself as soon as I open the {feature} on {browser}',
    'App quits unexpectedly while saving a {file}',
  ],
  billing: [
    'I was charged {money} twice this month',
    'My card got billed {money} after I cancelled',
    'The invoice shows {money} but my plan is cheaper',
    'Double charge on my subscription {when}',
  ],
  darkMode: [
    'Please add a dark mode, the white {feature} hurts my eyes at night',
    'A dark theme for the {feature} would be lovely',
    'Too bright on my {device} in the evening, need a night theme',
  ],
  password: [
    'The password reset email never arrives',
    'I cannot log in on my {device}, reset link expired {when}',
    'Two-factor code is not accepted {when}',
    'Locked out of my account after changing my password',
  ],
  slow: [
    'The {feature} takes forever to load on {browser}',
    'Everything is so slow on my {device} {when}',
    'Loading the {feature} takes more than 30 seconds',
    'Pages hang for ages before anything shows up',
  ],
  export: [
    'Error {code} when I try to export my data to CSV',
    'Export to Excel fails with {code}',
    'Cannot download my {feature} data, the export button does nothing',
  ],
  praise: [
    'Love the new {feature}, great work team!',
    'The {feature} redesign is fantastic',
    'Really happy with the product {when}, keep it up',
    'Best tool we use, the {feature} saves me hours',
  ],
  notifications: [
    'Notifications keep buzzing all day on my {device}',
    'Way too many alerts from the {feature}',
    'I get the same reminder three times {when}',
    'Cannot turn off push notifications on {browser}',
  ],
  cancel: [
    "Can't find where to cancel my plan",
    'How do I close my account and stop payments?',
    'The downgrade option is hidden somewhere in settings',
  ],
  support: [
    'Support never answered my ticket for a week',
    'Nobody replies to my emails {when}',
    'Chat support closed my request without helping',
  ],
  translation: [
    'The German translation is full of mistakes',
    'Half of the {feature} is still in English although I chose French',
    'Spanish labels are cut off in the {feature}',
  ],
  sync: [
    'Changes on my {device} do not show up on my laptop',
    'Sync between devices loses my edits {when}',
    'Offline edits disappear after reconnecting, {code}',
  ],
  search: [
    'Search in the {feature} never finds anything',
    'Searching for a customer name returns nothing {when}',
    'Search results are in a random order',
  ],
  accessibility: [
    'The {feature} is unusable with a screen reader',
    'Text is too small and cannot be zoomed on my {device}',
    'Contrast of the buttons is too low to read',
  ],
  integration: [
    'The Slack integration stopped posting {when}',
    'Zapier hook fails with {code}',
    'Please integrate with Jira, copying issues by hand is painful',
  ],
  upload: [
    'Uploading a large {file} takes forever and then fails',
    'Files over 10 MB are rejected with {code}',
    'Drag and drop of a {file} does nothing on {browser}',
  ],
  pricing: [
    'The team plan is too expensive for a small startup',
    'Please offer a cheaper monthly option than {money}',
    'Pricing page is confusing, what does {money} include?',
  ],
  onboarding: [
    'Setup was confusing, I did not know where to start',
    'The tutorial skips the {feature}, I got lost',
    'Took me an hour to invite my team',
  ],
  calendar: [
    'Meetings show at the wrong time zone in the calendar',
    'Recurring events disappear from the {feature}',
    'Calendar does not sync with Google on my {device}',
  ],
  data: [
    'I think some of my records were deleted {when}',
    'Data in the {feature} does not match the export',
    'Numbers in the reports are wrong since the update',
  ],
};

/** Questions people type, worded apart from the comments (few shared words). */
const QUERY_TEMPLATES = [
  'app freezes when I add a {file}',
  'billed two times for one month',
  'need a darker look for late work',
  'login recovery message does not come',
  'screens take ages to appear on my {device}',
  'cannot get my records out as a spreadsheet',
  'customers who like the new look',
  'too many pings on my {device}',
  'how to stop my subscription',
  'nobody from the help desk responded',
  'bad wording in the localized version',
  'my work vanishes between computers',
  'looking things up returns no matches',
  'hard to use for blind people',
  'connection to other tools broken',
  'sending big attachments fails',
  'costs too much for a tiny company',
  'first steps were hard to figure out',
  'appointments in the wrong hour',
  'figures in the charts are incorrect',
  'problems with {feature} on {browser} {when}',
  'complaints about {code}',
];

const QUERY_OPENERS = ['', '', 'why ', 'users report ', 'feedback about ', 'is anyone saying ', 'show me '];

function fill(template, random) {
  return template.replace(/\{(\w+)\}/g, (_, slot) => random.pick(SLOTS[slot]));
}

/** One comment: a topic's template with its slots filled, sometimes with an opener and a closer. */
export function composeComment(topic, random) {
  return `${random.pick(SLOTS.opener)}${fill(random.pick(TOPICS[topic]), random)}${random.pick(SLOTS.closer)}`;
}

/** `count` distinct query texts (a counter suffix only once the templates run out). */
export function composeQueries(count, seed) {
  const random = randomSource(seed);
  const queries = new Set();
  for (let attempt = 0; queries.size < count && attempt < count * 50; attempt++) {
    const query = `${random.pick(QUERY_OPENERS)}${fill(random.pick(QUERY_TEMPLATES), random)}`;
    queries.add(attempt < count * 10 ? query : `${query} (${attempt})`);
  }
  return [...queries];
}
