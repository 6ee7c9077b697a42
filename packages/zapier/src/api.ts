import type { Bundle, HttpRequestOptions, ZObject } from 'zapier-platform-core';

/** What `GET /me` answers: the calling key, which names the organization every other path needs. */
export interface CurrentKey {
  id: string;
  orgId: string;
  brandId: string | null;
  name: string;
  scopes: string[];
}

/**
 * The Hearback server the connection names, without a trailing slash (people paste
 * `https://feedback.example.com/`).
 *
 * @example
 * apiUrl(bundle, '/me'); // 'https://feedback.example.com/me'
 */
export function apiUrl(bundle: Bundle, path: string): string {
  const baseUrl = String(bundle.authData.baseUrl ?? '')
    .trim()
    .replace(/\/+$/, '');
  return `${baseUrl}${path}`;
}

/** The calling key (`GET /me`): the connection test, its label and the organization id. */
export async function currentKey(z: ZObject, bundle: Bundle): Promise<CurrentKey> {
  const response = await z.request<CurrentKey>({ url: apiUrl(bundle, '/me'), method: 'GET' });
  return response.data;
}

/**
 * Calls an organization's operation: `path` is relative to `/organizations/{orgId}`, the id
 * coming from `/me` (a key belongs to one organization, so the user never types it).
 *
 * @example
 * const page = await organizationRequest(z, bundle, '/inboxes', { method: 'GET' });
 */
export async function organizationRequest<T>(
  z: ZObject,
  bundle: Bundle,
  path: string,
  options: HttpRequestOptions,
): Promise<T> {
  const { orgId } = await currentKey(z, bundle);
  const response = await z.request<T>({ ...options, url: apiUrl(bundle, `/organizations/${orgId}${path}`) });
  return response.data;
}
