import { beforeAll, describe, expect, it } from 'vitest';
import { memberWithRole, type TestUser } from '../../../test/support/accounts.js';
import { describeScopeMatrix, expectJson, expectProblem } from '../../../test/support/api.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';

const SETTINGS = {
  issuer: 'https://login.example.com',
  clientId: 'hearback',
  clientSecret: 'route-test-client-secret',
  emailDomains: ['example-corp.com'],
  defaultRole: 'viewer' as const,
};

/** Configures org A's SSO through the service, with its domain verified: what the reads and deletes need. */
async function configured(bed: TestBed): Promise<void> {
  const admin = await bed.runtime.services.apiKeys.authenticate(bed.orgA.adminKey);
  await bed.runtime.services.sso.put(admin, SETTINGS, 'http://localhost');
  await bed.runtime.store.sso.markVerified(bed.orgA.organization.id, 'example-corp.com', new Date().toISOString());
}

describeEachDatabase('SSO routes', (bed) => {
  const path = (suffix = '') => `/organizations/${bed().orgA.organization.id}/sso${suffix}`;
  let admin: TestUser;
  beforeAll(async () => {
    admin = await memberWithRole(bed(), bed().orgA, 'admin');
  });

  describe('input', () => {
    it.each([
      ['an http issuer elsewhere than this machine', { issuer: 'http://login.example.com' }, 'issuer'],
      ['an issuer with a query', { issuer: 'https://login.example.com/?x=1' }, 'issuer'],
      ['a domain that is not one', { emailDomains: ['not a domain'] }, 'emailDomains.0'],
      ['no domain', { emailDomains: [] }, 'emailDomains'],
      ['the owner role', { defaultRole: 'owner' }, 'defaultRole'],
      ['an empty client secret', { clientSecret: '' }, 'clientSecret'],
      ['an unknown field', { clientSecretz: 'x' }, 'clientSecretz'],
    ])('refuses %s with 400, changing nothing', async (_what, change, field) => {
      const problem = await expectProblem(
        await bed().request(path(), { method: 'PUT', session: admin.session, json: { ...SETTINGS, ...change } }),
        400,
        'validation_failed',
      );
      expect(problem.errors?.map((error) => error.path)).toContain(field);
      expect(await bed().runtime.store.sso.find(bed().orgA.organization.id)).toBeUndefined();
    });

    it('keeps a listed domain’s token and verification when the settings change', async () => {
      await configured(bed());
      const changed = await expectJson(
        await bed().request(path(), {
          method: 'PUT',
          session: admin.session,
          json: { ...SETTINGS, emailDomains: ['Example-Corp.com', 'second.example-corp.com'], defaultRole: 'member' },
        }),
        200,
      );
      expect(changed.defaultRole).toBe('member');
      expect(
        changed.emailDomains.map((domain: { domain: string; verifiedAt: string | null }) => [
          domain.domain,
          domain.verifiedAt !== null,
        ]),
      ).toEqual([
        ['example-corp.com', true],
        ['second.example-corp.com', false],
      ]);
      await expectJson(await bed().request(path(), { method: 'DELETE', session: admin.session }), 200);
      await expectProblem(await bed().request(path(), { session: admin.session }), 404, 'not_found');
    });
  });

  describeScopeMatrix(bed, 'Single sign-on', [
    {
      operationId: 'getSso',
      okStatus: 200,
      call: async (b) => {
        await configured(b);
        return { method: 'GET', path: `/organizations/${b.orgA.organization.id}/sso` };
      },
    },
    {
      operationId: 'putSso',
      okStatus: 200,
      call: (b) => ({ method: 'PUT', path: `/organizations/${b.orgA.organization.id}/sso`, json: SETTINGS }),
    },
    {
      operationId: 'deleteSso',
      okStatus: 200,
      call: async (b) => {
        await configured(b);
        return { method: 'DELETE', path: `/organizations/${b.orgA.organization.id}/sso` };
      },
    },
    {
      operationId: 'verifySsoDomain',
      okStatus: 200,
      call: async (b) => {
        await configured(b);
        return {
          method: 'POST',
          path: `/organizations/${b.orgA.organization.id}/sso/domains/example-corp.com/verify`,
        };
      },
    },
  ]);
});
