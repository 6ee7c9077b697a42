import type { Role } from '@hearback/spec';

// The roles and what each may do are the vocabulary's (the dashboard shows what a role allows).
export { ASSIGNABLE_ROLES, type AssignableRole, ROLE_SCOPES, ROLES, type Role } from '@hearback/spec';

/** A membership as the API shows it. */
export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}
