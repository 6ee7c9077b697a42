import type { components } from '@hearback/client';
import { queryOptions } from '@tanstack/react-query';
import { ApiProblem, api, dataOf } from '../api/client.js';

export type InvitePreview = components['schemas']['InvitePreview'];

/**
 * The invitation a link's token opens (organization name, role, address, inviter), read without
 * accepting it and without a session. Read once per page: the server counts these reads per address.
 */
export const invitePreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['invite-preview', token],
    queryFn: () => dataOf(api.POST('/invites/preview', { body: { token } })),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

/**
 * Whether the server said the link cannot be accepted (unknown, used, revoked, expired: 404; no
 * token at all: 400). Anything else (a network blip, too many reads) leaves the page as it was
 * before previews existed: the acceptance still says what is wrong.
 */
export function isDeadInviteLink(error: unknown): boolean {
  return error instanceof ApiProblem && (error.status === 404 || error.status === 400);
}
