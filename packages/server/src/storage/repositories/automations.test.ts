import { expect, it } from 'vitest';
import { expectJson, type Json } from '../../../test/support/api.js';
import { automationInput } from '../../../test/support/automations.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

async function create(bed: TestBed, org: BootstrappedOrganization, overrides: Record<string, unknown>): Promise<Json> {
  const response = await bed.request(`/organizations/${org.organization.id}/automations`, {
    method: 'POST',
    key: org.adminKey,
    json: automationInput(overrides),
  });
  return expectJson(response, 201);
}

describeEachDatabase('automations repository: enabledAutomationsFor', (bed) => {
  it("returns the organization's enabled automations subscribed to the type, oldest first, with the sealed secret", async () => {
    const org = await bed().runtime.services.organizations.bootstrap({ name: 'Deliveries' });
    const both = await create(bed(), org, { name: 'both', events: ['feedback.updated', 'feedback.created'] });
    const updatedOnly = await create(bed(), org, { name: 'updated', events: ['feedback.updated'] });
    await create(bed(), org, { name: 'off', events: ['feedback.created'], enabled: false });
    const pages = await create(bed(), org, { name: 'pages', events: ['page_response.created'] });
    const filtered = await create(bed(), org, { name: 'filtered', filter: { scoreMax: 6, type: 'nps' } });
    // Another tenant's automation on the same event.
    await create(bed(), bed().orgB, { name: 'org B', events: ['feedback.created'] });

    const { store } = bed().runtime;
    const created = await store.automations.enabledAutomationsFor(org.organization.id, 'feedback.created');
    expect(created.map((automation) => automation.name)).toEqual(['both', 'filtered']);
    expect(created[1]).toMatchObject({
      id: filtered.id,
      orgId: org.organization.id,
      filter: { scoreMax: 6, type: 'nps' },
      webhook: filtered.webhook,
      sealedSigningSecret: expect.any(String),
    });
    expect(created[1]?.sealedSigningSecret).not.toContain(filtered.signingSecret);
    const updated = await store.automations.enabledAutomationsFor(org.organization.id, 'feedback.updated');
    expect(updated.map((automation) => automation.id)).toEqual([both.id, updatedOnly.id]);
    const responses = await store.automations.enabledAutomationsFor(org.organization.id, 'page_response.created');
    expect(responses.map((automation) => automation.id)).toEqual([pages.id]);
  });

  it('returns none for an organization whose plan lost webhooks, and all again after an upgrade', async () => {
    const org = await bed().runtime.services.organizations.bootstrap({ name: 'Downgrade', plan: 'team' });
    const automation = await create(bed(), org, {});
    const { store, services } = bed().runtime;
    const enabled = () => store.automations.enabledAutomationsFor(org.organization.id, 'feedback.created');
    expect((await enabled()).map((row) => row.id)).toEqual([automation.id]);
    await services.organizations.setPlan(org.organization.id, 'starter');
    expect(await enabled()).toEqual([]);
    await services.organizations.setPlan(org.organization.id, 'enterprise');
    expect((await enabled()).map((row) => row.id)).toEqual([automation.id]);
  });
});
