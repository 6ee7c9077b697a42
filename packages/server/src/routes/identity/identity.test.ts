import { describe, expect, it } from 'vitest';
import { createApiKey, expectJson, expectProblem } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

describeEachDatabase('identity', (bed) => {
  describe('GET /me', () => {
    it('tells a key its organization, brand and scopes, without the secret', async () => {
      const { orgA } = bed();
      for (const path of ['/me', '/v1/me']) {
        const body = await expectJson<Record<string, unknown>>(
          await bed().request(path, { key: orgA.collectKey }),
          200,
        );
        expect(body).toMatchObject({ orgId: orgA.organization.id, brandId: null, scopes: ['collect'] });
        expect(JSON.stringify(body)).not.toContain(orgA.collectKey.split('_')[2]);
      }
    });

    it('answers with the brand of a brand-scoped key', async () => {
      const { orgA } = bed();
      const brand = await expectJson<{ id: string }>(
        await bed().request(`/organizations/${orgA.organization.id}/brands`, {
          method: 'POST',
          key: orgA.adminKey,
          json: { name: 'Identity brand' },
        }),
        201,
      );
      const key = await createApiKey(bed(), orgA, { scopes: ['read'], brandId: brand.id });
      const body = await expectJson<Record<string, unknown>>(await bed().request('/me', { key: key.secret }), 200);
      expect(body).toMatchObject({ id: key.id, orgId: orgA.organization.id, brandId: brand.id, scopes: ['read'] });
    });

    it('answers 401 without a valid key', async () => {
      await expectProblem(await bed().request('/me'), 401, 'missing_api_key');
      await expectProblem(await bed().request('/me', { key: 'hb_nope' }), 401, 'invalid_api_key');
    });
  });
});
