import { expect, it } from 'vitest';
import { createBrand, createKey, expectHiddenFromOrgB, expectJson, expectProblem } from '../../../test/support/api.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { publishedPage, storeResponse } from '../../../test/support/pages.js';
import { newId } from '../../lib/ids.js';

const DAY = '2026-11-03';

describeEachDatabase('DELETE /organizations/:orgId/feedback-pages/:pageId/responses/:responseId', (bed) => {
  const orgA = () => bed().orgA;
  const pagePath = (pageId: string) => `/organizations/${orgA().organization.id}/feedback-pages/${pageId}`;
  const remove = (pageId: string, id: string, key = orgA().adminKey) =>
    bed().request(`${pagePath(pageId)}/responses/${id}`, { method: 'DELETE', key });

  /** A published page with three responses on one known day, the first with a contact. */
  async function answeredPage() {
    const page = await publishedPage(bed());
    // Ids in order of time, as the API makes them: the list reads newest first by id.
    const ids = [newId('pageResponse'), newId('pageResponse'), newId('pageResponse')];
    for (const [index, id] of ids.entries()) {
      await storeResponse(bed().runtime.store, page, {
        id,
        createdAt: `${DAY}T1${index}:00:00.000Z`,
        answers: { [(page.questions as { id: string }[])[0]?.id as string]: 2 + index },
        ...(index === 0 ? { contact: { name: 'Ana Erased', email: 'ana@example.com' } } : {}),
      });
    }
    return { page, ids };
  }

  it('deletes the response: gone from get, list, analytics and export, with an audit entry naming no answer', async () => {
    const { page, ids } = await answeredPage();
    const [gone, ...kept] = ids as [string, ...string[]];

    expect(await expectJson(await remove(page.id, gone), 200)).toEqual({ id: gone, deleted: true });

    await expectProblem(
      await bed().request(`${pagePath(page.id)}/responses/${gone}`, { key: orgA().adminKey }),
      404,
      'not_found',
    );
    const listed = await expectJson(
      await bed().request(`${pagePath(page.id)}/responses`, { key: orgA().adminKey }),
      200,
    );
    expect((listed.data as { id: string }[]).map((response) => response.id)).toEqual([...kept].reverse());
    const analytics = await expectJson(
      await bed().request(`${pagePath(page.id)}/analytics?from=${DAY}&to=${DAY}`, { key: orgA().adminKey }),
      200,
    );
    expect(analytics).toMatchObject({ completions: 2, daily: [{ day: DAY, completions: 2 }] });
    const exported = await bed().request(`${pagePath(page.id)}/responses/export?format=ndjson`, {
      key: orgA().adminKey,
    });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).not.toContain(gone);
    expect(text).not.toContain('Ana Erased');
    expect(text.trim().split('\n')).toHaveLength(2);

    const log = await expectJson(
      await bed().request(`/organizations/${orgA().organization.id}/audit-log?action=page_response.deleted`, {
        key: orgA().adminKey,
      }),
      200,
    );
    expect(log.data).toEqual([
      expect.objectContaining({ action: 'page_response.deleted', resource: expect.objectContaining({ id: gone }) }),
    ]);
    expect((log.data as { details: unknown }[])[0]?.details).toEqual({ pageId: page.id });
    expect(JSON.stringify(log)).not.toContain('ana@example.com');

    // A second delete finds nothing; the other responses stay.
    await expectProblem(await remove(page.id, gone), 404, 'not_found');
    expect((await bed().request(`${pagePath(page.id)}/responses/${kept[0]}`, { key: orgA().adminKey })).status).toBe(
      200,
    );
  });

  it('answers 404 for a response of another page, of another organization, or outside a brand key’s brand', async () => {
    const { page, ids } = await answeredPage();
    const other = await publishedPage(bed());
    await expectProblem(await remove(other.id, ids[0] as string), 404, 'not_found');
    await expectHiddenFromOrgB(bed(), { method: 'DELETE', path: `${pagePath(page.id)}/responses/${ids[0]}` });

    const brand = await createBrand(bed(), orgA(), 'Erasures');
    const brandKey = await createKey(bed(), orgA(), { scopes: ['forms', 'read'], brandId: brand.id as string });
    await expectProblem(await remove(page.id, ids[0] as string, brandKey.secret), 404, 'not_found');
    expect((await bed().request(`${pagePath(page.id)}/responses/${ids[0]}`, { key: orgA().adminKey })).status).toBe(
      200,
    );
  });

  it('refuses a key without the forms scope, deleting nothing', async () => {
    const { page, ids } = await answeredPage();
    const reader = await createKey(bed(), orgA(), { scopes: ['read', 'write'] });
    const refused = await expectProblem(
      await remove(page.id, ids[0] as string, reader.secret),
      403,
      'insufficient_scope',
    );
    expect(refused).toMatchObject({ requiredScope: 'forms' });
    expect((await bed().request(`${pagePath(page.id)}/responses/${ids[0]}`, { key: orgA().adminKey })).status).toBe(
      200,
    );
  });
});
