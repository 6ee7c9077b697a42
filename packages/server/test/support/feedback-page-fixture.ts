import type { Runtime } from '../../src/runtime.js';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';
import { requestApp } from './harness.js';

/** One question of each of the 16 types, most of them required. */
export const ALL_TYPES_QUESTIONS = [
  { id: 'intro', type: 'section_header', title: 'About your visit', description: 'A few quick questions.' },
  { id: 'note', type: 'content_block', title: 'Note', description: 'Your answers help us improve.' },
  { id: 'stars', type: 'star_rating', title: 'How many stars?', required: true },
  { id: 'mood', type: 'emoji_rating', title: 'How do you feel?', required: true },
  { id: 'nps', type: 'nps', title: 'How likely are you to recommend us?', required: true },
  { id: 'csat', type: 'csat', title: 'How satisfied are you?', required: true },
  { id: 'summary', type: 'short_text', title: 'One word for us', required: true, maxLength: 40 },
  { id: 'details', type: 'long_text', title: 'Tell us more', description: 'Anything at all.' },
  {
    id: 'plan',
    type: 'single_choice',
    title: 'Which plan are you on?',
    required: true,
    options: [
      { value: 'free', label: 'Free' },
      { value: 'pro', label: 'Pro' },
    ],
  },
  {
    id: 'features',
    type: 'multiple_choice',
    title: 'Which features do you use?',
    required: true,
    options: [
      { value: 'search', label: 'Search' },
      { value: 'export', label: 'Export' },
      { value: 'api', label: 'API' },
    ],
  },
  {
    id: 'country',
    type: 'dropdown',
    title: 'Where are you?',
    required: true,
    options: [
      { value: 'fr', label: 'France' },
      { value: 'de', label: 'Germany' },
    ],
  },
  {
    id: 'priorities',
    type: 'rank_order',
    title: 'Rank what matters',
    required: true,
    options: [
      { value: 'speed', label: 'Speed' },
      { value: 'price', label: 'Price' },
      { value: 'support', label: 'Support' },
    ],
  },
  { id: 'email', type: 'email', title: 'Your work email', required: true },
  { id: 'phone', type: 'phone', title: 'Your phone', required: true },
  { id: 'seats', type: 'number', title: 'How many seats?', required: true, min: 1, max: 1000 },
  { id: 'since', type: 'date', title: 'Customer since', required: true, maxDate: '2030-12-31' },
] as const;

/** Valid answers to {@link ALL_TYPES_QUESTIONS}, as a form without script posts them. */
export const ALL_TYPES_FORM: [string, string][] = [
  ['q.stars', '4'],
  ['q.mood', '5'],
  ['q.nps', '9'],
  ['q.csat', '4'],
  ['q.summary', 'Fast'],
  ['q.details', 'Great support'],
  ['q.plan', 'pro'],
  ['q.features', 'search'],
  ['q.features', 'api'],
  ['q.country', 'de'],
  ['r.priorities.0', '2'],
  ['r.priorities.1', '3'],
  ['r.priorities.2', '1'],
  ['q.email', 'ada@example.com'],
  ['q.phone', '+44 20 7946 0958'],
  ['q.seats', '12'],
  ['q.since', '2024-03-01'],
];

/** What {@link ALL_TYPES_FORM} stores. */
export const ALL_TYPES_ANSWERS = {
  stars: 4,
  mood: 5,
  nps: 9,
  csat: 4,
  summary: 'Fast',
  details: 'Great support',
  plan: 'pro',
  features: ['search', 'api'],
  country: 'de',
  priorities: ['support', 'speed', 'price'],
  email: 'ada@example.com',
  phone: '+442079460958',
  seats: 12,
  since: '2024-03-01',
};

/**
 * Creates a page through the API (and publishes it unless `publish` is false); returns the page
 * as the API answers it and its public path.
 */
export async function createPage(
  runtime: Runtime,
  org: BootstrappedOrganization,
  body: Record<string, unknown>,
  options: { publish?: boolean } = {},
): Promise<{ page: { id: string; slug: string }; path: string }> {
  const base = `/v1/organizations/${org.organization.id}/feedback-pages`;
  const created = await requestApp(runtime, base, { method: 'POST', key: org.adminKey, json: body });
  if (created.status !== 201) throw new Error(`create page: ${created.status} ${await created.text()}`);
  const page = (await created.json()) as { id: string; slug: string };
  if (options.publish !== false) {
    const published = await requestApp(runtime, `${base}/${page.id}/publish`, { method: 'POST', key: org.adminKey });
    if (published.status !== 200) throw new Error(`publish page: ${published.status} ${await published.text()}`);
  }
  return { page, path: `/f/${org.organization.slug}/${page.slug}` };
}
