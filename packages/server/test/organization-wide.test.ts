import { KEY_SCOPES } from '@hearback/spec';
import { beforeAll, expect, it } from 'vitest';
import { API_OPERATIONS } from '../src/routes/index.js';
import { createBrand } from './support/api.js';
import { createApiKey, expectProblem } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';

/** An operation's path with the organization's id and placeholders for the other parameters. */
function pathOf(template: string, orgId: string): string {
  return template.replaceAll('{orgId}', orgId).replace(/\{(\w+)\}/g, (_match, name: string) => `placeholder-${name}`);
}

const organizationWide = API_OPERATIONS.filter((operation) => operation.organizationWide !== undefined);

describeEachDatabase('organization-wide operations and brand-scoped keys', (bed) => {
  let brandKey: string;
  beforeAll(async () => {
    const brand = await createBrand(bed(), bed().orgA, 'Organization-wide test brand');
    brandKey = (await createApiKey(bed(), bed().orgA, { scopes: KEY_SCOPES, brandId: brand.id as string })).secret;
  });

  it('include the automations, their deliveries, the audit log, secrets and creating brands', () => {
    expect(organizationWide.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['listAutomations', 'listDeliveries', 'listAuditLog', 'listSecrets', 'createBrand']),
    );
  });

  it.each(organizationWide.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses a brand-scoped key holding every scope with 403 forbidden, before reading its input',
    async (_id, operation) => {
      const { method, path } = operation.route;
      const response = await bed().request(pathOf(path, bed().orgA.organization.id), {
        method: method.toUpperCase(),
        key: brandKey,
      });
      const problem = await expectProblem(response, 403, 'forbidden');
      expect(problem.detail).toBe(`A brand-scoped API key cannot ${operation.organizationWide}.`);
    },
  );
});
