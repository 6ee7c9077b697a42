/**
 * What `POST /collect` does in a story: stories run without a server, so the widget's `fetch`
 * (and `navigator.onLine`) are replaced while a story is mounted.
 */
export type Network = 'ok' | 'offline' | 'server-error' | 'rate-limited' | 'blocked' | 'refused';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let sequence = 0;

/** Installs the fake network; returns the function that restores the real one. */
export function fakeNetwork(network: Network): () => void {
  const realFetch = window.fetch;
  const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  localStorage.removeItem('hearback:queue');
  window.fetch = async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    switch (network) {
      case 'ok':
        return json(201, { id: `fb_story${++sequence}`, success: true });
      case 'server-error':
        return json(503, { status: 503, code: 'internal_error', detail: 'Down for maintenance' });
      case 'rate-limited':
        return json(429, { status: 429, code: 'event_limit_reached' }, { 'retry-after': '3600' });
      case 'refused':
        return json(401, { status: 401, code: 'invalid_api_key', detail: 'Unknown API key' });
      default:
        throw new TypeError('Failed to fetch');
    }
  };
  if (network === 'offline') Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  return () => {
    window.fetch = realFetch;
    if (network === 'offline') delete (navigator as { onLine?: boolean }).onLine;
    if (onLine && network === 'offline') Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    localStorage.removeItem('hearback:queue');
  };
}
