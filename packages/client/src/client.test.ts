import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_HEADER, createHearbackClient } from './client.js';
import { REQUEST_ID_HEADER } from './request-id.js';

function recordingFetch(response: () => Response = () => Response.json({ status: 'ok' })) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return response();
  };
  return { fetch, requests };
}

describe('createHearbackClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the API key and a fresh request id on every request', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createHearbackClient({ baseUrl: 'https://feedback.example.com/', apiKey: 'hb_key', fetch });
    await client.GET('/healthz');
    await client.GET('/healthz');
    expect(requests.map((request) => request.url)).toEqual([
      'https://feedback.example.com/healthz',
      'https://feedback.example.com/healthz',
    ]);
    expect(requests[0]?.headers.get(API_KEY_HEADER)).toBe('hb_key');
    const ids = requests.map((request) => request.headers.get(REQUEST_ID_HEADER));
    expect(ids[0]).toMatch(/^req_[0-9a-f]{32}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('sends no key header without a key, and uses a custom request id maker', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createHearbackClient({ baseUrl: 'https://h.test', fetch, requestId: () => 'fixed-id' });
    await client.GET('/healthz');
    expect(requests[0]?.headers.has(API_KEY_HEADER)).toBe(false);
    expect(requests[0]?.headers.get(REQUEST_ID_HEADER)).toBe('fixed-id');
  });

  it('serialises path and query parameters and JSON bodies', async () => {
    const { fetch, requests } = recordingFetch(() => Response.json({ data: [], nextCursor: null }));
    const client = createHearbackClient({ baseUrl: 'https://h.test', apiKey: 'k', fetch });
    await client.GET('/organizations/{orgId}/feedback', {
      params: { path: { orgId: 'org_1' }, query: { status: 'new', scoreMax: 6, limit: 20 } },
    });
    await client.PATCH('/organizations/{orgId}/feedback/{id}', {
      params: { path: { orgId: 'org_1', id: 'fb_1' } },
      body: { status: 'triaged' },
    });
    expect(requests[0]?.url).toBe('https://h.test/organizations/org_1/feedback?status=new&scoreMax=6&limit=20');
    expect(requests[1]?.method).toBe('PATCH');
    expect(requests[1]?.headers.get('content-type')).toBe('application/json');
    expect(await requests[1]?.json()).toEqual({ status: 'triaged' });
  });

  it('returns an error body as a value instead of throwing', async () => {
    const problem = { type: 't', title: 'Not Found', status: 404, detail: 'No such feedback.', code: 'not_found' };
    const { fetch } = recordingFetch(
      () =>
        new Response(JSON.stringify(problem), { status: 404, headers: { 'content-type': 'application/problem+json' } }),
    );
    const client = createHearbackClient({ baseUrl: 'https://h.test', apiKey: 'k', fetch });
    const result = await client.GET('/organizations/{orgId}/feedback/{id}', {
      params: { path: { orgId: 'org_1', id: 'fb_1' } },
    });
    expect(result.data).toBeUndefined();
    expect(result.error).toEqual(problem);
    expect(result.response.status).toBe(404);
  });

  it('looks the global fetch up per request, so one installed later is used', async () => {
    const client = createHearbackClient({ baseUrl: 'https://h.test' });
    const { fetch, requests } = recordingFetch();
    vi.stubGlobal('fetch', fetch);
    await client.GET('/healthz');
    expect(requests).toHaveLength(1);
  });
});
