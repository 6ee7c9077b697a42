import { expect, it } from 'vitest';
import { expectJson, expectProblem } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';

/**
 * A query string's refusals say what is wrong with what was sent. A parameter given twice reached
 * its schema as a list, so `?type=nps&type=nps` answered "Must be one of: …" about a valid value,
 * and `?limit=1&limit=2` that it was not written in digits; a huge `limit` answered two bounds, one
 * of them (2^53 − 1) meaningless to the caller.
 */
describeEachDatabase('Query parameter messages', (bed) => {
  const orgPath = () => `/organizations/${bed().orgA.organization.id}`;
  const get = (path: string) => bed().request(`${orgPath()}${path}`, { key: bed().orgA.adminKey });
  const errorsOf = async (path: string) => (await expectProblem(await get(path), 400, 'validation_failed')).errors;

  it.each([
    ['/feedback?type=nps&type=nps', 'Give type once; it was given 2 times.'],
    ['/feedback?limit=1&limit=2&limit=3', 'Give limit once; it was given 3 times.'],
    ['/feedback/stats?from=2026-01-01&from=2026-02-01', 'Give from once; it was given 2 times.'],
    ['/feedback?cursor=a&cursor=b', 'Give cursor once; it was given 2 times.'],
    ['/inboxes?limit=5&limit=5', 'Give limit once; it was given 2 times.'],
  ])('refuses %s with one error saying it was given more than once', async (path, message) => {
    const name = message.split(' ')[1];
    expect(await errorsOf(path)).toEqual([{ path: name, message }]);
  });

  it('lists a repeated parameter beside the other parameters’ own errors', async () => {
    const errors = await errorsOf('/feedback?type=nps&type=text&scoreMin=high&typ=x');
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'type', message: 'Give type once; it was given 2 times.' },
        { path: 'scoreMin', message: 'Expected an integer written in decimal digits, such as 10 or -3.' },
      ]),
    );
    expect(errors?.map((error) => error.path).sort()).toEqual(['scoreMin', 'typ', 'type']);
  });

  it('answers a huge integer with the operation’s bound alone', async () => {
    expect(await errorsOf('/feedback?limit=99999999999999999999999')).toEqual([
      { path: 'limit', message: 'At most 200.' },
    ]);
    expect(await errorsOf('/feedback?limit=-99999999999999999999999')).toEqual([
      { path: 'limit', message: 'At least 1.' },
    ]);
    // Without a bound of its own, the largest integer the server can compare is the one that matters.
    expect(await errorsOf('/feedback?scoreMin=99999999999999999999999')).toEqual([
      { path: 'scoreMin', message: 'At most 9007199254740991.' },
    ]);
  });

  it('still takes each parameter given once', async () => {
    await expectJson(await get('/feedback?type=nps&limit=200'), 200);
  });
});
