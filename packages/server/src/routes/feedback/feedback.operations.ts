import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import {
  FeedbackDeletionSchema,
  FeedbackErasureResultSchema,
  FeedbackErasureSchema,
  FeedbackListQuery,
  FeedbackListSchema,
  FeedbackParams,
  FeedbackSchema,
  FeedbackStatsQuery,
  FeedbackStatsSchema,
  FeedbackUpdateSchema,
} from './feedback.schemas.js';
import { FeedbackActivityPageSchema } from './feedback-activity.schemas.js';
import { FeedbackTrendsQuery, FeedbackTrendsSchema } from './feedback-trends.schemas.js';

const tags = ['Feedback'];

export const listFeedback = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback',
    tags,
    operationId: 'listFeedback',
    summary: 'List and filter feedback',
    description: 'Newest first, keyset-paginated. Requires the `read` scope; brand-scoped keys see their brand only.',
    request: { params: OrgParams, query: FeedbackListQuery },
    responses: { 200: jsonContent(FeedbackListSchema, 'A page of feedback.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { limit, cursor, ...filters } = c.req.valid('query');
    const page = await c.var.services.feedback.list(c.var.principal, filters, { limit, cursor });
    return c.json(page, 200);
  },
});

export const getFeedbackStats = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/stats',
    tags,
    operationId: 'getFeedbackStats',
    summary: 'Feedback statistics: totals, averages, NPS, CSAT and breakdowns',
    description:
      'Aggregates every item matching the filters (the list filters, without paging). Requires the `read` scope; brand-scoped keys count their brand only.',
    request: { params: OrgParams, query: FeedbackStatsQuery },
    responses: { 200: jsonContent(FeedbackStatsSchema, 'The figures.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    return c.json(await c.var.services.feedback.stats(c.var.principal, c.req.valid('query')), 200);
  },
});

export const getFeedbackTrends = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/trends',
    tags,
    operationId: 'getFeedbackTrends',
    summary: 'Feedback trends: count, average score, NPS and CSAT per day, week or month',
    description:
      "Buckets follow the organization's time zone (`timezone`, see `PATCH /organizations/{orgId}`): a day runs from midnight to midnight there (23 or 25 hours across a daylight-saving change), weeks start on Monday, months are calendar months. Every bucket of the range is present, empty ones as zeros; with `groupBy`, one series per group. The list filters apply. Requires the `read` scope; brand-scoped keys count their brand only.",
    request: { params: OrgParams, query: FeedbackTrendsQuery },
    responses: { 200: jsonContent(FeedbackTrendsSchema, 'The series.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { interval, from, to, groupBy, ...filters } = c.req.valid('query');
    const query = { interval, groupBy, from, to, filters };
    return c.json(await c.var.services.feedback.trends(c.var.principal, query), 200);
  },
});

export const getFeedback = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/{id}',
    tags,
    operationId: 'getFeedback',
    summary: 'Get one feedback item',
    request: { params: FeedbackParams },
    responses: { 200: jsonContent(FeedbackSchema, 'The feedback item.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await c.var.services.feedback.get(c.var.principal, id), 200);
  },
});

export const updateFeedback = defineOperation({
  scope: ['write', 'triage'],
  route: {
    method: 'patch',
    path: '/organizations/{orgId}/feedback/{id}',
    tags,
    operationId: 'updateFeedback',
    summary: 'Triage feedback: status, assignee, issue-tracker link and tags',
    description:
      "Emits `feedback.updated`. `assigneeId` must be a member of the organization (400 `validation_failed` otherwise). `tags` is the whole set: it replaces the item's tags (`[]` clears them); each is trimmed, its whitespace collapsed and lower-cased, 1–32 characters, at most 10 once duplicates collapse. Requires the `write` or `triage` scope.",
    request: { params: FeedbackParams, body: jsonBody(FeedbackUpdateSchema) },
    responses: { 200: jsonContent(FeedbackSchema, 'The updated feedback item.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await c.var.services.feedback.update(c.var.principal, id, c.req.valid('json')), 200);
  },
});

export const deleteFeedback = defineOperation({
  scope: 'write',
  route: {
    method: 'delete',
    path: '/organizations/{orgId}/feedback/{id}',
    tags,
    operationId: 'deleteFeedback',
    summary: 'Delete a feedback item',
    description:
      "Deletes the item with everything that hangs off it: its notes, issue link, assignment, tags, search vectors and full-text entry, and its share of stats and trends; its activity is no longer readable (the audit log keeps a `feedback.deleted` entry, without the item's text). For spam, or a person's erasure request. Its events and the webhook deliveries made from them go too (no stream replays it, no webhook sends it again). Cannot be undone; a second delete answers 404. Emits no event. Requires the `write` scope (admins and owners; triage is not enough).",
    request: { params: FeedbackParams },
    responses: {
      200: jsonContent(FeedbackDeletionSchema, 'Deleted, with the number of notes deleted with it.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.feedback.delete(c.var.principal, c.req.valid('param').id), 200),
});

export const eraseFeedback = defineOperation({
  scope: 'write',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/feedback/erase',
    tags,
    operationId: 'eraseFeedback',
    summary: "Erase one person's feedback",
    description:
      'Deletes every feedback item whose `context` has the one member given with that text value (such as `{"context": {"userId": "u_42"}}`: all that person sent, for an erasure request under GDPR article 17), each as `DELETE …/feedback/{id}` deletes it, with a `feedback.deleted` audit entry per item. Works in batches, so a large erasure never holds a lock for long; answers how many items went (0 when none matched). A brand-scoped key erases its brand\'s items only. Cannot be undone. Requires the `write` scope.',
    request: { params: OrgParams, body: jsonBody(FeedbackErasureSchema) },
    responses: {
      200: jsonContent(FeedbackErasureResultSchema, 'Erased, with the number of items deleted.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.feedback.erase(c.var.principal, c.req.valid('json')), 200),
});

export const getFeedbackActivity = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/{id}/activity',
    tags,
    operationId: 'getFeedbackActivity',
    summary: "A feedback item's activity: status changes, assignment, issue links, tags and notes, by whom",
    description:
      "Oldest first, keyset-paginated; read from the audit log, so it lists exactly the changes that were made. A triage request that changed several fields gives one item per field (`limit` counts requests, so a page may hold a few more items). Requires the `read` scope; brand-scoped keys see their brand's items only.",
    request: { params: FeedbackParams, query: PageQuery },
    responses: { 200: jsonContent(FeedbackActivityPageSchema, 'A page of the history.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await c.var.services.feedback.activity(c.var.principal, id, c.req.valid('query')), 200);
  },
});
