import type { Automation, AutomationPreviewInput, AutomationUpdate } from '@hearback/client';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';
import type { DeliveryStatus } from './delivery-status.js';

const PAGE_SIZE = 50;
/** The delivery log refreshes itself this often while open: deliveries are sent in the background. */
const DELIVERY_LOG_REFRESH_MS = 2_000;
/** The list refreshes its automations' last deliveries this often while open. */
export const AUTOMATION_LIST_REFRESH_MS = 10_000;

const automationsKey = (orgId: string) => [...orgKey(orgId), 'automations'] as const;

/** Every automation of the organization, oldest first, a page at a time. */
export const automationsQuery = (orgId: string) =>
  infiniteQueryOptions({
    queryKey: [...automationsKey(orgId), 'list'],
    queryFn: ({ pageParam }) =>
      dataOf(
        api.GET('/organizations/{orgId}/automations', {
          params: { path: { orgId }, query: { limit: PAGE_SIZE, ...(pageParam && { cursor: pageParam }) } },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const automationQuery = (orgId: string, automationId: string) =>
  queryOptions({
    queryKey: [...automationsKey(orgId), 'one', automationId],
    queryFn: () =>
      dataOf(
        api.GET('/organizations/{orgId}/automations/{automationId}', { params: { path: { orgId, automationId } } }),
      ),
  });

const deliveriesKey = (orgId: string, automationId: string) =>
  [...automationsKey(orgId), 'deliveries', automationId] as const;

/**
 * The last attempt of the newest delivery that was attempted, or null: why an automation whose
 * deliveries all fail is failing. Under the log's key, so whatever refreshes the log refreshes it.
 */
export const lastAttemptQuery = (orgId: string, automationId: string) =>
  queryOptions({
    queryKey: [...deliveriesKey(orgId, automationId), 'last-attempt'],
    queryFn: async () => {
      const newest = await dataOf(
        api.GET('/organizations/{orgId}/automations/{automationId}/deliveries', {
          params: { path: { orgId, automationId }, query: { limit: 5 } },
        }),
      );
      return newest.data.find((delivery) => delivery.attempts.length > 0)?.attempts.at(-1) ?? null;
    },
  });

/** An automation's delivery log, newest first, refreshed while on screen. */
export const deliveriesQuery = (orgId: string, automationId: string, status?: DeliveryStatus) =>
  infiniteQueryOptions({
    queryKey: [...deliveriesKey(orgId, automationId), status ?? 'all'],
    queryFn: ({ pageParam }) =>
      dataOf(
        api.GET('/organizations/{orgId}/automations/{automationId}/deliveries', {
          params: {
            path: { orgId, automationId },
            query: { limit: PAGE_SIZE, ...(status && { status }), ...(pageParam && { cursor: pageParam }) },
          },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });

/** Every preview's key starts with this: a secret's change renders them again (its warnings may go). */
export const previewKey = (orgId: string) => [...automationsKey(orgId), 'preview'] as const;

/**
 * The request an automation as drafted would send for its event's sample. A query, not a
 * mutation: it stores and sends nothing, and the latest draft's answer is the one to show.
 */
export const previewQuery = (orgId: string, input: AutomationPreviewInput | undefined) =>
  queryOptions({
    queryKey: [...previewKey(orgId), input],
    queryFn: () =>
      dataOf(
        api.POST('/organizations/{orgId}/automations/preview', {
          params: { path: { orgId } },
          body: input as AutomationPreviewInput,
        }),
      ),
    enabled: input !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** After a change: the list, the automation and its log read again. */
export function useInvalidateAutomations(orgId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: automationsKey(orgId) });
}

/** Redelivers one delivery (or, without `deliveryId`, every failed one) and refreshes the log. */
export function useRedeliver(orgId: string, automationId: string) {
  const invalidate = useInvalidateAutomations(orgId);
  const one = useMutation({
    mutationFn: (deliveryId: string) =>
      dataOf(
        api.POST('/organizations/{orgId}/automations/{automationId}/deliveries/{deliveryId}/redeliver', {
          params: { path: { orgId, automationId, deliveryId } },
        }),
      ),
    onSuccess: invalidate,
  });
  const failed = useMutation({
    mutationFn: () =>
      dataOf(
        api.POST('/organizations/{orgId}/automations/{automationId}/redeliver-failed', {
          params: { path: { orgId, automationId } },
        }),
      ),
    onSuccess: invalidate,
  });
  return { one, failed };
}

/** Replaces an automation's members (all of them from the editor, or `enabled` alone). */
export function useUpdateAutomation(orgId: string, automationId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAutomations(orgId);
  return useMutation({
    mutationFn: (change: AutomationUpdate) =>
      dataOf(
        api.PATCH('/organizations/{orgId}/automations/{automationId}', {
          params: { path: { orgId, automationId } },
          body: change,
        }),
      ),
    onSuccess: (automation: Automation) => {
      queryClient.setQueryData(automationQuery(orgId, automationId).queryKey, automation);
      return invalidate();
    },
  });
}
