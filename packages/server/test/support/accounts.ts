import { expect } from 'vitest';
import type { Role } from '../../src/domain/roles.js';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';
import type { TestBed } from './harness.js';

/** A signed-in person: their user id and the session cookie a browser would send. */
export interface TestUser {
  userId: string;
  email: string;
  password: string;
  /** `hearback.session_token=…`, for `bed.request(path, { session })`. */
  session: string;
}

let counter = 0;

/** The cookie pair a `Set-Cookie` of better-auth's session holds. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find(
      (entry) => entry.startsWith('hearback.session_token=') || entry.startsWith('__Secure-hearback.session_token='),
    );
  if (!cookie) throw new Error(`No session cookie in the answer (${response.status})`);
  return cookie.split(';')[0] as string;
}

const operators = new WeakMap<TestBed, Promise<TestUser>>();

/**
 * The instance's first user: its administrator, and owner of the organizations made before anyone
 * signed up (the bed's org A and org B). Signed up before any other user of the bed, so that the
 * others join only as they are invited.
 */
export function operatorOf(bed: TestBed): Promise<TestUser> {
  let operator = operators.get(bed);
  if (!operator) {
    operator = signUpNow(bed, 'operator@example.com');
    operators.set(bed, operator);
  }
  return operator;
}

/** Signs up over HTTP as a browser would (the instance's own Origin) and returns the session. */
export async function signUp(bed: TestBed, email: string, name = email.split('@')[0] ?? email): Promise<TestUser> {
  await operatorOf(bed);
  return signUpNow(bed, email, name);
}

async function signUpNow(bed: TestBed, email: string, name = email.split('@')[0] ?? email): Promise<TestUser> {
  const password = `pw-${email}-long-enough`;
  const response = await bed.request('/auth/sign-up/email', {
    method: 'POST',
    headers: { origin: 'http://localhost' },
    json: { email, password, name },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return { userId: body.user.id, email, password, session: sessionCookieOf(response) };
}

/** Signs in over HTTP and returns a new session of the user. */
export async function signIn(bed: TestBed, email: string, password: string): Promise<string> {
  const response = await bed.request('/auth/sign-in/email', {
    method: 'POST',
    headers: { origin: 'http://localhost' },
    json: { email, password },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return sessionCookieOf(response);
}

/**
 * A new person who is a member of `org` with `role`, joined the way people join: an admin's
 * invitation (made through the service by the organization's admin key, as the route would), a
 * sign-up with the invited address, the acceptance over HTTP. An owner joins as an admin and is
 * then made owner directly (the organization's operator owns it too).
 */
export async function memberWithRole(bed: TestBed, org: BootstrappedOrganization, role: Role): Promise<TestUser> {
  const email = `${role}-${++counter}-${Date.now()}@example.com`;
  // Invited before signing up: a test bed may take sign-ups by invitation only.
  const token = await invitationToken(bed, org, email, role === 'owner' ? 'admin' : role);
  const user = await signUp(bed, email);
  await acceptInvitation(bed, user, token);
  if (role === 'owner') {
    await bed.runtime.store.members.setRole(org.organization.id, user.userId, 'owner', new Date().toISOString());
  }
  return user;
}

/** `person` joins `org` with `role` as anyone joins: invited by its admin key, accepting in their session. */
export async function joinByInvitation(
  bed: TestBed,
  org: BootstrappedOrganization,
  person: TestUser,
  role: Exclude<Role, 'owner'> = 'viewer',
): Promise<void> {
  await acceptInvitation(bed, person, await invitationToken(bed, org, person.email, role));
}

async function invitationToken(
  bed: TestBed,
  org: BootstrappedOrganization,
  email: string,
  role: Exclude<Role, 'owner'>,
): Promise<string | null> {
  const admin = await bed.runtime.services.apiKeys.authenticate(org.adminKey);
  const { acceptUrl } = await bed.runtime.services.invites.create(admin, { email, role }, 'http://localhost');
  return new URL(acceptUrl).searchParams.get('token');
}

async function acceptInvitation(bed: TestBed, person: TestUser, token: string | null): Promise<void> {
  const accepted = await bed.request('/invites/accept', { method: 'POST', session: person.session, json: { token } });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
}
