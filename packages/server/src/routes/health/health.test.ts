import { describe, expect, it } from 'vitest';
import { expectJson, expectProblem } from '../../../test/support/api.js';
import { describeEachDatabase, openTestRuntime, requestApp } from '../../../test/support/harness.js';

describeEachDatabase('Health and routing', (bed, dialect) => {
  describe('probes', () => {
    it.each(['/healthz', '/readyz', '/v1/healthz', '/v1/readyz'])('%s answers 200 without a key', async (path) => {
      expect(await expectJson(await bed().request(path), 200)).toEqual({ status: 'ok' });
    });

    it('/readyz answers 503 once the database is gone, while /healthz stays 200', async () => {
      const { runtime, cleanup } = await openTestRuntime(dialect);
      try {
        await runtime.database.close();
        const problem = await expectProblem(await requestApp(runtime, '/readyz'), 503, 'internal_error');
        expect(problem.title).toBe('Service Unavailable');
        expect(await expectJson(await requestApp(runtime, '/healthz'), 200)).toEqual({ status: 'ok' });
      } finally {
        await cleanup();
      }
    });
  });

  describe('unknown routes', () => {
    it.each([
      { method: 'GET', path: '/nope' },
      { method: 'GET', path: '/v1/nope' },
      { method: 'GET', path: '/v2/healthz' },
      { method: 'DELETE', path: '/healthz' },
      { method: 'PUT', path: '/organizations' },
    ])('$method $path answers a 404 problem', async ({ method, path }) => {
      const problem = await expectProblem(await bed().request(path, { method }), 404, 'not_found');
      expect(problem.detail).toContain(method);
    });
  });

  describe('request ids', () => {
    it('echoes a client X-Request-Id in the header and the problem body', async () => {
      const response = await bed().request('/nope', { headers: { 'x-request-id': 'trace-42' } });
      expect(response.headers.get('x-request-id')).toBe('trace-42');
      expect((await expectProblem(response, 404, 'not_found')).requestId).toBe('trace-42');
    });

    it('gives every request its own id when the client sends none', async () => {
      const first = await bed().request('/healthz');
      const second = await bed().request('/healthz');
      expect(first.headers.get('x-request-id')).toEqual(expect.any(String));
      expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    });
  });
});
