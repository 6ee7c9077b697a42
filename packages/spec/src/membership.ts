import type { Role } from './roles.js';

/**
 * Whether a membership of `role` changes or ends only by a hand-over of the organization: the
 * owner's. An organization always has its owner, so the owner can be neither given another role,
 * nor removed, nor leave until they transfer ownership to another member. The server refuses by it
 * (409 `conflict`) and the dashboard offers its controls by it, so both say the same.
 *
 * @example
 * keptUntilHandOver('owner'); // true: transfer ownership first
 * keptUntilHandOver('admin'); // false: may leave, or be removed by the owner
 */
export function keptUntilHandOver(role: Role): boolean {
  return role === 'owner';
}
