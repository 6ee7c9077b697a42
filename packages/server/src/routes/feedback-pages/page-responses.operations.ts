import type { Access } from '../../domain/api-key.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import { PAGE_READ_ACCESS } from './feedback-pages.operations.js';
import {
  FeedbackPageParams,
  PageResponseDeletionSchema,
  PageResponseErasureResultSchema,
  PageResponseErasureSchema,
  PageResponseInputDocument,
  PageResponseListQuery,
  PageResponseListSchema,
  PageResponseParams,
  PageResponseSchema,
} from './feedback-pages.schemas.js';

const tags = ['Feedback pages'];
const path = '/organizations/{orgId}/feedback-pages/{pageId}/responses';

/** Submitting with a key: what `forms` keys and `collect` keys (a server sending answers) may both do. */
const SUBMIT_ACCESS: Access = ['forms', 'collect'];

export const submitPageResponse = defineOperation({
  scope: SUBMIT_ACCESS,
  route: {
    method: 'post',
    path,
    tags,
    operationId: 'submitPageResponse',
    summary: 'Submit a response to a published page',
    description:
      'Answers by question id, checked by type (each invalid or missing required answer is named in `errors`, path `answers.<questionId>`). Keyed calls need no captcha and store nothing of the caller. Writes `page_response.created` with the response.',
    request: { params: FeedbackPageParams, body: jsonBody(PageResponseInputDocument) },
    responses: {
      201: jsonContent(PageResponseSchema, 'The stored response (committed).'),
      409: errorResponse('The page is a draft or closed (`page_not_accepting_responses`).'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { pageId } = c.req.valid('param');
    return c.json(await c.var.services.pageResponses.submit(c.var.principal, pageId, c.req.valid('json')), 201);
  },
});

export const listPageResponses = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path,
    tags,
    operationId: 'listPageResponses',
    summary: 'List a page’s responses',
    request: { params: FeedbackPageParams, query: PageResponseListQuery },
    responses: {
      200: jsonContent(PageResponseListSchema, 'A page of responses, newest first.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    return c.json(
      await c.var.services.pageResponses.list(c.var.principal, c.req.valid('param').pageId, c.req.valid('query')),
      200,
    );
  },
});

export const getPageResponse = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path: `${path}/{responseId}`,
    tags,
    operationId: 'getPageResponse',
    summary: 'Get a page response',
    request: { params: PageResponseParams },
    responses: { 200: jsonContent(PageResponseSchema, 'The response.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { pageId, responseId } = c.req.valid('param');
    return c.json(await c.var.services.pageResponses.get(c.var.principal, pageId, responseId), 200);
  },
});

export const deletePageResponse = defineOperation({
  scope: 'forms',
  route: {
    method: 'delete',
    path: `${path}/{responseId}`,
    tags,
    operationId: 'deletePageResponse',
    summary: 'Delete a page response',
    description:
      "Deletes one response with its answers, contact and context (spam, a respondent's erasure request); the page's analytics count one completion fewer. The audit log keeps a `page_response.deleted` entry naming the page, never an answer. Its `page_response.created` event and the webhook deliveries made from it go too. Cannot be undone; a second delete answers 404. Emits no event. Requires the `forms` scope, as deleting the page does.",
    request: { params: PageResponseParams },
    responses: { 200: jsonContent(PageResponseDeletionSchema, 'The response is gone.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { pageId, responseId } = c.req.valid('param');
    return c.json(await c.var.services.pageResponses.delete(c.var.principal, pageId, responseId), 200);
  },
});

export const erasePageResponses = defineOperation({
  scope: 'forms',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/feedback-pages/responses/erase',
    tags,
    operationId: 'erasePageResponses',
    summary: "Erase one person's page responses",
    description:
      'Deletes every response, of every feedback page, that names one person: by a top-level `context` member with that text value (`{"context": {"userId": "u_42"}}`, matched exactly, as `POST …/feedback/erase` matches) or by the contact\'s email (`{"contact": {"email": "ana@example.com"}}`, compared trimmed and without regard to case), for an erasure request under GDPR article 17. Each goes as `DELETE …/responses/{responseId}` deletes it, with a `page_response.deleted` audit entry naming its page, never the value that named the person; the pages\' analytics count them no longer. Works in batches, so a large erasure never holds a lock for long; answers how many went (0 when none matched). A brand-scoped key erases its brand\'s pages\' responses only. Cannot be undone. Requires the `forms` scope, as deleting a response does.',
    request: { params: OrgParams, body: jsonBody(PageResponseErasureSchema) },
    responses: {
      200: jsonContent(PageResponseErasureResultSchema, 'Erased, with the number of responses deleted.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.pageResponses.erase(c.var.principal, c.req.valid('json')), 200),
});
