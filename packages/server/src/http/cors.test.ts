import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/support/harness.js';
import { API_OPERATIONS } from '../routes/index.js';

/**
 * Keys travel in headers, so browser code on any origin may call the API; its preflight must allow
 * every method an operation uses. `PUT …/secrets/{name}` was left out, so a browser could not set a
 * secret with a key from another origin.
 */
describeEachDatabase('CORS preflight', (bed) => {
  it('allows every method an operation uses, PUT included', async () => {
    const methods = [...new Set(API_OPERATIONS.map((operation) => operation.route.method.toUpperCase()))];
    expect(methods).toContain('PUT');
    const response = await bed().request(`/organizations/${bed().orgA.organization.id}/secrets/SLACK_TOKEN`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://admin.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'x-service-key, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')?.split(',')).toEqual(expect.arrayContaining(methods));
  });
});
