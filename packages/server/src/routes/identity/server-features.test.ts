import { describe, expect, it } from 'vitest';
import { operatorOf } from '../../../test/support/accounts.js';
import { expectJson } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

interface WithFeatures {
  features: { semanticSearch: boolean };
}

/** `GET /me` (a key) and `GET /account` (a session) tell whether this server has semantic search. */
function describeFeatures(title: string, semanticSearch: boolean, overrides = {}) {
  describeEachDatabase(
    title,
    (bed) => {
      it(`tells a key semanticSearch: ${semanticSearch} on GET /me`, async () => {
        for (const key of [bed().orgA.collectKey, bed().orgA.adminKey]) {
          const me = await expectJson<WithFeatures>(await bed().request('/me', { key }), 200);
          expect(me.features).toEqual({ semanticSearch });
        }
      });

      it(`tells a signed-in person semanticSearch: ${semanticSearch} on GET /account`, async () => {
        const user = await operatorOf(bed());
        const account = await expectJson<WithFeatures>(await bed().request('/account', { session: user.session }), 200);
        expect(account.features).toEqual({ semanticSearch });
      });
    },
    overrides,
  );
}

describe('the server features clients read before offering search', () => {
  // The harness's default: HEARBACK_SEARCH=off.
  describeFeatures('features with search off', false);
  describeFeatures('features with search on', true, { search: { embedder: 'local', idleMs: 0 } });
});
