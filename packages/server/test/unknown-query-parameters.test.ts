import { beforeAll, expect, it } from 'vitest';
import { expectJson, expectProblem } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';

/**
 * A query string with a parameter the operation does not declare is refused with a 400 naming it
 * and the parameters accepted. Dropped silently, a misspelt filter (`?score=9` for `scoreMin`,
 * `?inbox=` for `inboxId`) answered every item as if it had filtered them: an export, a stream or a
 * bulk triage built on it acted on the whole organization.
 */
describeEachDatabase('Unknown query parameters', (bed) => {
  const orgPath = () => `/organizations/${bed().orgA.organization.id}`;
  const get = (path: string) => bed().request(path, { key: bed().orgA.adminKey });

  beforeAll(async () => {
    for (const score of [2, 9]) {
      const response = await bed().request('/collect', {
        method: 'POST',
        key: bed().orgA.collectKey,
        json: { inboxKey: bed().orgA.inbox.inboxKey, type: 'nps', score, comment: `score ${score}` },
      });
      await expectJson(response, 201);
    }
  });

  it('refuses ?score= on the feedback list, naming it and the filters it takes', async () => {
    const problem = await expectProblem(await get(`${orgPath()}/feedback?score=9`), 400, 'validation_failed');
    expect(problem.errors).toEqual([
      {
        path: 'score',
        message:
          'Unknown field: score. Accepted query parameters: limit, cursor, type, scoreMin, scoreMax, from, to, inboxId, brandId, source, status, q, assigneeId, unassigned, tag.',
      },
    ]);
  });

  it('names every unknown parameter, one error each, next to the errors of known ones', async () => {
    const response = await get(`${orgPath()}/feedback?inbox=x&date=2026-11-26&type=nps&scoreMin=high`);
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.path).sort()).toEqual(['date', 'inbox', 'scoreMin']);
  });

  it.each([
    ['stats', '/feedback/stats'],
    ['export', '/feedback/export?format=json'],
    ['trends', '/feedback/trends'],
    ['themes', '/feedback/themes'],
    ['the stream', '/feedback/stream'],
  ])('refuses a misspelt filter on %s instead of answering everything', async (_name, path) => {
    const separator = path.includes('?') ? '&' : '?';
    const problem = await expectProblem(await get(`${orgPath()}${path}${separator}typ=text`), 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.path)).toEqual(['typ']);
  });

  it('still applies the filters it declares', async () => {
    const list = await expectJson<{ data: { score: number }[] }>(
      await get(`${orgPath()}/feedback?type=nps&scoreMin=9&scoreMax=9&limit=10`),
      200,
    );
    expect(list.data.map((item) => item.score)).toEqual([9]);
  });
});
