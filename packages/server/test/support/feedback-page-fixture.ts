import type { Runtime } from '../../src/runtime.js';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';
import { requestApp } from './harness.js';

/** Valid answers to `SAMPLE_QUESTIONS` (@hearback/forms), as a form without script posts them; stored as `SAMPLE_ANSWERS`. */
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
