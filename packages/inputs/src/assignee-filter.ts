/**
 * The rule across the assignee filters (a field's schema cannot see its siblings): `assigneeId`
 * and `unassigned` contradict each other. The list, its stats, saved views and search apply it;
 * schemas derived by `.extend` or `.safeExtend` keep it, one rebuilt from the shape applies it again.
 *
 * @example
 * z.object({ assigneeId: …, unassigned: … }).refine(oneAssigneeFilter, ONE_ASSIGNEE_FILTER);
 */
export function oneAssigneeFilter(filters: { assigneeId?: string | undefined; unassigned?: boolean | undefined }) {
  return !(filters.assigneeId !== undefined && filters.unassigned === true);
}

export const ONE_ASSIGNEE_FILTER = {
  message: 'Filter by assigneeId or by unassigned, not both.',
  path: ['assigneeId'],
};
