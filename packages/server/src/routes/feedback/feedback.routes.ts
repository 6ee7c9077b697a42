import { createRoute, z } from '@hono/zod-openapi';
import { requireKey } from '../../http/auth.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, SECURITY } from '../shared.schemas.js';
import {
  FeedbackListQuery,
  FeedbackPageSchema,
  FeedbackSchema,
  FeedbackStatsQuery,
  FeedbackStatsSchema,
  FeedbackUpdateSchema,
} from './feedback.schemas.js';

export const FeedbackParams = OrgParams.extend({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

export const listFeedback = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/feedback',
  tags: ['Feedback'],
  operationId: 'listFeedback',
  summary: 'List and filter feedback',
  description: 'Newest first, keyset-paginated. Requires the `read` scope; brand-scoped keys see their brand only.',
  security: SECURITY,
  middleware: [requireKey('read')] as const,
  request: { params: OrgParams, query: FeedbackListQuery },
  responses: { 200: jsonContent(FeedbackPageSchema, 'A page of feedback.'), ...AUTHENTICATED_ERRORS },
});

export const getFeedbackStats = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/feedback/stats',
  tags: ['Feedback'],
  operationId: 'getFeedbackStats',
  summary: 'Feedback statistics: totals, averages, NPS, CSAT and breakdowns',
  description:
    'Aggregates every item matching the filters (the list filters, without paging). Requires the `read` scope; brand-scoped keys count their brand only.',
  security: SECURITY,
  middleware: [requireKey('read')] as const,
  request: { params: OrgParams, query: FeedbackStatsQuery },
  responses: { 200: jsonContent(FeedbackStatsSchema, 'The figures.'), ...AUTHENTICATED_ERRORS },
});

export const getFeedback = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/feedback/{id}',
  tags: ['Feedback'],
  operationId: 'getFeedback',
  summary: 'Get one feedback item',
  security: SECURITY,
  middleware: [requireKey('read')] as const,
  request: { params: FeedbackParams },
  responses: { 200: jsonContent(FeedbackSchema, 'The feedback item.'), ...AUTHENTICATED_ERRORS },
});

export const updateFeedback = createRoute({
  method: 'patch',
  path: '/organizations/{orgId}/feedback/{id}',
  tags: ['Feedback'],
  operationId: 'updateFeedback',
  summary: 'Triage feedback: status and issue-tracker link',
  description: 'Emits `feedback.updated`. Requires the `write` scope.',
  security: SECURITY,
  middleware: [requireKey('write')] as const,
  request: { params: FeedbackParams, body: jsonBody(FeedbackUpdateSchema) },
  responses: { 200: jsonContent(FeedbackSchema, 'The updated feedback item.'), ...AUTHENTICATED_ERRORS },
});
