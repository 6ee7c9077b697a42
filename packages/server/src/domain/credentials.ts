import { type Access, ANYONE, INSTANCE_ADMIN, SIGNED_IN } from './api-key.js';

/**
 * What a caller of an operation may send: nothing, a session (a signed-in user's cookie), an API
 * key, or either.
 */
export type AcceptedCredentials = 'none' | 'session' | 'key' | 'key or session';

/**
 * The credentials an operation takes, from its declared access and its path: the one rule the
 * route's middleware (which to read, what a 401 asks for) and the document (`security`) follow.
 * A member acts in the organization its path names, so an operation whose path names none
 * (`/me`, `/collect`) takes a key only.
 *
 * @example
 * acceptedCredentials(SIGNED_IN, '/account'); // 'session'
 * acceptedCredentials('read', '/organizations/{orgId}/feedback'); // 'key or session'
 * acceptedCredentials('collect', '/collect'); // 'key'
 */
export function acceptedCredentials(access: Access, path: string): AcceptedCredentials {
  if (access === ANYONE) return 'none';
  if (access === SIGNED_IN || access === INSTANCE_ADMIN) return 'session';
  return path.includes('{orgId}') ? 'key or session' : 'key';
}
