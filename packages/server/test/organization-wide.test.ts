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

  it('include the automations, their deliveries, the audit log, secrets, creating brands and the members', () => {
    expect(organizationWide.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining([
        'listAutomations',
        'listDeliveries',
        'listAuditLog',
        'listSecrets',
        'createBrand',
        'listMembers',
      ]),
    );
  });

  it("refuses a brand's read key the organization's people, which an organization-wide read key lists", async () => {
    const brand = await createBrand(bed(), bed().orgA, 'People test brand');
    const brandReader = await createApiKey(bed(), bed().orgA, { scopes: ['read'], brandId: brand.id as string });
    const reader = await createApiKey(bed(), bed().orgA, { scopes: ['read'] });
    const members = `/organizations/${bed().orgA.organization.id}/members`;
    const problem = await expectProblem(await bed().request(members, { key: brandReader.secret }), 403, 'forbidden');
    expect(problem.detail).toBe(
      "A brand-scoped API key cannot list the organization's members: their names and email addresses are not a brand's data.",
    );
    expect((await bed().request(members, { key: reader.secret })).status).toBe(200);
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
