import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Runtime } from '../../src/runtime.js';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';

/** Posts a form as a browser without script does (urlencoded), with optional headers and connection. */
export function postForm(
  runtime: Runtime,
  path: string,
  fields: [string, string][],
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Response> {
  return Promise.resolve(
    runtime.app.request(
      path,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
        body: new URLSearchParams(fields).toString(),
      },
      // What @hono/node-server gives handlers: the connection the request came on.
      { incoming: { socket: { remoteAddress: options.remoteAddress ?? '203.0.113.7' } } },
    ),
  );
}

/** Fetches a page's challenge and solves it as the page's worker does: the payload the form sends. */
export async function solvedCaptcha(runtime: Runtime, path: string): Promise<string> {
  const response = await runtime.app.request(`${path}/challenge`);
  if (response.status !== 200) throw new Error(`challenge: ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The stored responses of a page, newest first, as the API lists them. */
export async function listResponses(
  runtime: Runtime,
  org: BootstrappedOrganization,
  pageId: string,
): Promise<Record<string, unknown>[]> {
  const response = await runtime.app.request(
    `/v1/organizations/${org.organization.id}/feedback-pages/${pageId}/responses`,
    { headers: { 'x-service-key': org.adminKey } },
  );
  if (response.status !== 200) throw new Error(`list responses: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

/** Loads the page (a counted view) and answers the visit its script would name in its start beacon. */
export async function viewedVisit(runtime: Runtime, path: string): Promise<string> {
  const html = await (await runtime.app.request(path)).text();
  const data = /<script type="application\/json" id="hearback-page">(.*?)<\/script>/s.exec(html)?.[1];
  if (data === undefined) throw new Error(`no page data in ${path}: is the page script built?`);
  const { visit } = JSON.parse(data) as { visit: string | null };
  if (!visit) throw new Error(`no visit in ${path}'s data`);
  return visit;
}

/** The start beacon of the page's script, naming `visit` (none: as a program posting starts by itself would). */
export function postStart(runtime: Runtime, path: string, visit?: string): Promise<Response> {
  const query = visit === undefined ? '' : `?visit=${encodeURIComponent(visit)}`;
  return Promise.resolve(runtime.app.request(`${path}/start${query}`, { method: 'POST' }));
}
