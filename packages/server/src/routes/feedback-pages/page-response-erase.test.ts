import { expect, it, vi } from 'vitest';
import { createBrand, createKey, expectJson, expectProblem, type Json } from '../../../test/support/api.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { storeResponse } from '../../../test/support/pages.js';
import { newId } from '../../lib/ids.js';
import { ERASURE_BATCH } from '../../services/erasure.js';

const DAY = '2026-11-04';

type StoredPage = { id: string; orgId: string; brandId: string | null; version: number };

describeEachDatabase('POST /organizations/:orgId/feedback-pages/responses/erase', (bed) => {
  const orgA = () => bed().orgA;
  const pagesPath = (orgId = orgA().organization.id) => `/organizations/${orgId}/feedback-pages`;
  const erase = (json: unknown, key = orgA().adminKey, orgId = orgA().organization.id) =>
    bed().request(`${pagesPath(orgId)}/responses/erase`, { method: 'POST', key, json });
  let unique = 0;

  /** A page created and published with `key` (a brand key's page is its brand's). */
  async function page(key = orgA().adminKey, orgId = orgA().organization.id): Promise<StoredPage> {
    const created = await expectJson(
      await bed().request(pagesPath(orgId), {
        method: 'POST',
        key,
        json: { title: `Erasure ${++unique}`, questions: [{ type: 'nps', title: 'Recommend us?' }] },
      }),
      201,
    );
    return expectJson(
      await bed().request(`${pagesPath(orgId)}/${created.id}/publish`, { method: 'POST', key }),
      200,
    ) as never;
  }

  /** Responses stored on {@link DAY}, one per respondent given; their ids in that order. */
  async function answer(
    onPage: StoredPage,
    respondents: { context?: Record<string, unknown>; contact?: { name?: string; email?: string } }[],
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const respondent of respondents) {
      const id = newId('pageResponse');
      await storeResponse(bed().runtime.store, onPage, {
        id,
        createdAt: `${DAY}T12:00:00.000Z`,
        answers: { [((onPage as unknown as Json).questions as { id: string }[])[0]?.id as string]: 7 },
        ...respondent,
      });
      ids.push(id);
    }
    return ids;
  }

  /** The ids of a page's responses that are still there (through the API). */
  async function remaining(onPage: StoredPage, key = orgA().adminKey): Promise<string[]> {
    const listed = await expectJson(
      await bed().request(`${pagesPath(onPage.orgId)}/${onPage.id}/responses?limit=200`, { key }),
      200,
    );
    return (listed.data as { id: string }[]).map((response) => response.id);
  }

  async function completions(onPage: StoredPage): Promise<unknown> {
    const analytics = await expectJson(
      await bed().request(`${pagesPath()}/${onPage.id}/analytics?from=${DAY}&to=${DAY}`, { key: orgA().adminKey }),
      200,
    );
    return analytics.completions;
  }

  /** The audit entries of `ids`' deletion: resource id and details. */
  async function audited(ids: readonly string[]) {
    const rows = await bed()
      .runtime.database.db.selectFrom('audit_log')
      .select(['resource_id', 'details'])
      .where('org_id', '=', orgA().organization.id)
      .where('action', '=', 'page_response.deleted')
      .where('resource_id', 'in', ids)
      .execute();
    return rows.map((row) => ({ id: row.resource_id, details: JSON.parse(row.details) as unknown }));
  }

  it("deletes one person's responses by a context member, on every page, in batches; look-alikes stay", async () => {
    const first = await page();
    const second = await page();
    const many = await page();
    const erasedFirst = await answer(first, [{ context: { userId: 'u_42', plan: 'pro' } }]);
    const erasedSecond = await answer(second, [{ context: { userId: 'u_42' }, contact: { email: 'ana@example.com' } }]);
    // More than one batch on one page.
    const erasedMany = await answer(
      many,
      Array.from({ length: ERASURE_BATCH + 3 }, () => ({ context: { userId: 'u_42' } })),
    );
    const kept = await answer(first, [
      // Not the text "u_42" at the top level: a number, a nested member, another member, another value.
      { context: { userId: 42 } },
      { context: { profile: { userId: 'u_42' } } },
      { context: { email: 'u_42' } },
      { context: { userId: 'u_420' } },
      { context: { userId: 'U_42' } },
      { contact: { email: 'u_42@example.com' } },
      {},
    ]);
    const orgB = bed().orgB;
    const elsewhere = await page(orgB.adminKey, orgB.organization.id);
    const theirs = await answer(elsewhere, [{ context: { userId: 'u_42' } }]);
    expect(await completions(first)).toBe(1 + kept.length);

    const transaction = vi.spyOn(bed().runtime.store, 'transaction');
    try {
      expect(await expectJson(await erase({ context: { userId: 'u_42' } }), 200)).toEqual({
        deleted: ERASURE_BATCH + 5,
      });
      // One transaction per batch: a full one and a partial one.
      expect(transaction).toHaveBeenCalledTimes(2);
    } finally {
      transaction.mockRestore();
    }

    expect((await remaining(first)).sort()).toEqual([...kept].sort());
    expect(await remaining(second)).toEqual([]);
    expect(await remaining(many)).toEqual([]);
    expect(await remaining(elsewhere, orgB.adminKey)).toEqual(theirs);
    expect(await completions(first)).toBe(kept.length);
    expect(await completions(many)).toBe(0);

    // One audit entry per response, naming its page, never the value that named the person.
    const erased = [...erasedFirst, ...erasedSecond, ...erasedMany];
    const entries = await audited(erased);
    expect(entries.map((entry) => entry.id).sort()).toEqual([...erased].sort());
    expect(entries.find((entry) => entry.id === erasedSecond[0])?.details).toEqual({
      pageId: second.id,
      erasure: true,
    });
    expect(JSON.stringify(entries)).not.toContain('u_42');

    expect(await expectJson(await erase({ context: { userId: 'u_42' } }), 200)).toEqual({ deleted: 0 });
  });

  it('deletes by the contact email, trimmed and in any case; other addresses and context members stay', async () => {
    const first = await page();
    const second = await page();
    const erased = [
      ...(await answer(first, [
        { contact: { name: 'Ana', email: 'ana@example.com' } },
        { contact: { email: 'Ana@Example.COM' } },
      ])),
      ...(await answer(second, [{ contact: { email: 'ANA@EXAMPLE.COM' }, context: { userId: 'u_1' } }])),
    ];
    const kept = await answer(first, [
      { contact: { email: 'ana@example.org' } },
      { contact: { email: 'anna@example.com' } },
      { contact: { name: 'ana@example.com' } },
      { context: { email: 'ana@example.com' } },
      {},
    ]);

    expect(await expectJson(await erase({ contact: { email: '  aNa@example.com ' } }), 200)).toEqual({
      deleted: erased.length,
    });
    expect((await remaining(first)).sort()).toEqual([...kept].sort());
    expect(await remaining(second)).toEqual([]);
    const entries = await audited(erased);
    expect(entries).toHaveLength(erased.length);
    expect(JSON.stringify(entries).toLowerCase()).not.toContain('ana@');
  });

  it("erases only a brand-scoped key's brand, and nothing of another organization", async () => {
    const brand = await createBrand(bed(), orgA(), 'Erasure brand');
    const brandKey = await createKey(bed(), orgA(), { scopes: ['forms', 'read'], brandId: brand.id as string });
    const branded = await page(brandKey.secret);
    const organizationWide = await page();
    const inside = await answer(branded, [{ contact: { email: 'bo@example.com' } }]);
    const outside = await answer(organizationWide, [{ contact: { email: 'bo@example.com' } }]);
    const orgB = bed().orgB;

    expect(
      await expectJson(await erase({ contact: { email: 'bo@example.com' } }, orgB.adminKey, orgB.organization.id), 200),
    ).toEqual({ deleted: 0 });
    await expectProblem(await erase({ contact: { email: 'bo@example.com' } }, orgB.adminKey), 404, 'not_found');
    expect(await expectJson(await erase({ contact: { email: 'bo@example.com' } }, brandKey.secret), 200)).toEqual({
      deleted: 1,
    });
    expect(await remaining(branded)).toEqual([]);
    expect(await remaining(organizationWide)).toEqual(outside);
    expect(inside).toHaveLength(1);
  });

  it('refuses a body that does not name one person one way, and a key without forms, deleting nothing', async () => {
    const onPage = await page();
    const kept = await answer(onPage, [{ context: { userId: 'u_9' }, contact: { email: 'cy@example.com' } }]);
    for (const [body, field] of [
      [{ context: { userId: 'u_9' }, contact: { email: 'cy@example.com' } }, 'contact'],
      [{}, 'context'],
      [{ context: { userId: 'u_9', email: 'cy@example.com' } }, 'context'],
      [{ context: { userId: 9 } }, 'context.userId'],
      [{ contact: { email: 'cy' } }, 'contact.email'],
      [{ contact: { email: 'cy@example.com', name: 'Cy' } }, 'contact.name'],
    ] as const) {
      const problem = await expectProblem(await erase(body), 400, 'validation_failed');
      expect((problem.errors as { path: string }[]).map((error) => error.path)).toEqual([field]);
    }
    const refused = await expectProblem(
      await erase(
        { context: { userId: 'u_9' } },
        (await createKey(bed(), orgA(), { scopes: ['read', 'write'] })).secret,
      ),
      403,
      'insufficient_scope',
    );
    expect(refused).toMatchObject({ requiredScope: 'forms' });
    expect(await remaining(onPage)).toEqual(kept);
  });
});
