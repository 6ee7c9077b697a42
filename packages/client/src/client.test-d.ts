import { describe, expectTypeOf, it } from 'vitest';
import { createHearbackClient } from './client.js';
import type { CollectResponse, FeedbackList, Problem } from './types.js';

const client = createHearbackClient({ baseUrl: 'http://localhost:3000', apiKey: 'hb_…' });

describe('createHearbackClient types', () => {
  it('types answers and problems of every operation from the document', async () => {
    const listed = await client.GET('/organizations/{orgId}/feedback', { params: { path: { orgId: 'org_1' } } });
    if (listed.error) expectTypeOf(listed.error).toEqualTypeOf<Problem>();
    else expectTypeOf(listed.data).toEqualTypeOf<FeedbackList>();

    const collected = await client.POST('/collect', { body: { inboxKey: 'ibx_1', type: 'thumbs', score: 1 } });
    if (collected.error) expectTypeOf(collected.error.code).toEqualTypeOf<Problem['code']>();
    else expectTypeOf(collected.data).toEqualTypeOf<CollectResponse>();
  });

  it('checks paths, parameters and bodies', () => {
    // @ts-expect-error: no such path
    void client.GET('/organisations');
    // @ts-expect-error: orgId is required
    void client.GET('/organizations/{orgId}/feedback', { params: { path: {} } });
    // @ts-expect-error: not a feedback type
    void client.POST('/collect', { body: { inboxKey: 'ibx_1', type: 'smiley' } });
  });
});
