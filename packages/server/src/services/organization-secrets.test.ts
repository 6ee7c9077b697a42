import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../test/support/harness.js';
import type { Runtime } from '../runtime.js';
import { ServerSecrets } from '../secrets/server-secrets.js';
import { organizationSecretsService, type UnreadableSecret } from './organization-secrets.js';
import type { BootstrappedOrganization } from './organizations.js';

for (const dialect of dialectsUnderTest()) {
  describe(`organizationSecrets.valuesFor [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let orgA: BootstrappedOrganization;
    let orgB: BootstrappedOrganization;
    const principalOf = (org: BootstrappedOrganization) => ({
      actor: { type: 'api_key' as const, id: 'key_test' },
      orgId: org.organization.id,
      brandId: null,
      scopes: new Set(['write'] as const),
    });
    beforeAll(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      orgA = await runtime.services.organizations.bootstrap({ name: 'A' });
      orgB = await runtime.services.organizations.bootstrap({ name: 'B' });
    });
    afterAll(() => cleanup());

    it('opens every value of the organization; one that does not open is left out and reported, without throwing', async () => {
      const reported: UnreadableSecret[] = [];
      const service = organizationSecretsService(runtime.store, runtime.secrets, {
        onUnreadable: (unreadable) => reported.push(unreadable),
      });
      await service.create(principalOf(orgA), { name: 'GOOD', value: 'good-value' });
      await service.create(principalOf(orgA), { name: 'MOVED', value: 'placeholder' });
      await service.create(principalOf(orgB), { name: 'MOVED', value: 'org-b-value' });
      // Org B's sealed value copied into org A's row (a tampered database): bound to org B, it does not open.
      const orgBRow = await runtime.database.db
        .selectFrom('organization_secrets')
        .select('sealed_value')
        .where('org_id', '=', orgB.organization.id)
        .where('name', '=', 'MOVED')
        .executeTakeFirstOrThrow();
      await runtime.database.db
        .updateTable('organization_secrets')
        .set({ sealed_value: orgBRow.sealed_value })
        .where('org_id', '=', orgA.organization.id)
        .where('name', '=', 'MOVED')
        .execute();
      // And one sealed under another master secret (a database restored without its secret).
      const foreign = organizationSecretsService(runtime.store, new ServerSecrets('x'.repeat(40)));
      await foreign.put(principalOf(orgA), 'OTHER_MASTER', { value: 'other-master-value' });

      const values = await service.valuesFor(orgA.organization.id);
      expect(Object.fromEntries(values)).toEqual({ GOOD: 'good-value' });
      expect(reported.map(({ orgId, name }) => ({ orgId, name }))).toEqual(
        expect.arrayContaining([
          { orgId: orgA.organization.id, name: 'MOVED' },
          { orgId: orgA.organization.id, name: 'OTHER_MASTER' },
        ]),
      );
      expect(reported).toHaveLength(2);
      expect(JSON.stringify(reported.map((report) => String(report.error)))).not.toMatch(/org-b-value|other-master/);
      expect(Object.fromEntries(await service.valuesFor(orgB.organization.id))).toEqual({ MOVED: 'org-b-value' });
    });

    it('is an empty map for an organization without secrets', async () => {
      const orgC = await runtime.services.organizations.bootstrap({ name: 'C' });
      expect((await runtime.services.organizationSecrets.valuesFor(orgC.organization.id)).size).toBe(0);
    });
  });
}
