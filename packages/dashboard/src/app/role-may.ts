import { OPERATION_SCOPES, ROLE_SCOPES, ROLES, type Role } from '@hearback/spec';

/** An operation whose access is a scope (the ones a role may or may not reach). */
export type ScopedOperation = keyof typeof OPERATION_SCOPES;

/**
 * Whether a member with `role` may call `operation`: the role's scopes against the scope the
 * server enforces for it (both from the shared definitions, so the screens hide exactly what the
 * API would refuse).
 */
export function roleMay(role: Role, operation: ScopedOperation): boolean {
  const required: string | readonly string[] = OPERATION_SCOPES[operation];
  const held: readonly string[] = ROLE_SCOPES[role];
  return typeof required === 'string' ? held.includes(required) : required.some((scope) => held.includes(scope));
}

/**
 * The roles that may call `operation`, least to most: whom to ask when yours may not.
 *
 * @example
 * rolesThatMay('createApiKey'); // ['admin', 'owner']
 */
export function rolesThatMay(operation: ScopedOperation): Role[] {
  return ROLES.filter((role) => roleMay(role, operation));
}
