import type { Bundle, ZObject } from 'zapier-platform-core';
import { currentKey } from './api.js';

/**
 * A Hearback connection: the server's address and an API key. The test is `GET /me`, which any
 * valid key may call; the connection is labelled with the key's name and organization.
 */
export const authentication = {
  type: 'custom' as const,
  fields: [
    {
      key: 'baseUrl',
      label: 'Hearback URL',
      type: 'string' as const,
      required: true,
      helpText: 'The address of your Hearback server, such as `https://feedback.example.com`.',
    },
    {
      key: 'apiKey',
      label: 'API key',
      type: 'password' as const,
      required: true,
      helpText:
        'An organization-wide key (`hb_…`) with the `read` and `write` scopes, and `collect` to submit feedback. Create one with `POST /organizations/{orgId}/api-keys`.',
    },
  ],
  test: (z: ZObject, bundle: Bundle) => currentKey(z, bundle),
  connectionLabel: async (_z: ZObject, bundle: Bundle) => {
    const key = bundle.inputData as { name?: string; orgId?: string };
    return `${key.name ?? 'API key'} (${key.orgId ?? 'unknown organization'})`;
  },
};
