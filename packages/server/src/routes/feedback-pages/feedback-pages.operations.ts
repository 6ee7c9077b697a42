import type { Access } from '../../domain/api-key.js';
import { PAGE_READ_SCOPES } from '../../domain/feedback-page.js';
import type { PageTransition } from '../../services/feedback-pages.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import {
  FeedbackPageDeletionSchema,
  FeedbackPageInputDocument,
  FeedbackPageListQuery,
  FeedbackPageListSchema,
  FeedbackPageParams,
  FeedbackPageSchema,
  FeedbackPageUpdateDocument,
} from './feedback-pages.schemas.js';

const tags = ['Feedback pages'];
const path = '/organizations/{orgId}/feedback-pages';

/** Reading pages and their responses: what `read` keys and `forms` keys may both do. */
export const PAGE_READ_ACCESS: Access = PAGE_READ_SCOPES;
/** Reading one page's structure: also a key that submits responses (`collect`), for the pages it can answer. */
const PAGE_STRUCTURE_ACCESS: Access = [...PAGE_READ_SCOPES, 'collect'];
const BRANDS = 'A brand-scoped key creates pages in its brand and sees only those.';

export const listFeedbackPages = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path,
    tags,
    operationId: 'listFeedbackPages',
    summary: 'List feedback pages',
    description: BRANDS,
    request: { params: OrgParams, query: FeedbackPageListQuery },
    responses: {
      200: jsonContent(FeedbackPageListSchema, 'A page of feedback pages, oldest first.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.feedbackPages.list(c.var.principal, c.req.valid('query')), 200),
});

export const createFeedbackPage = defineOperation({
  scope: 'forms',
  route: {
    method: 'post',
    path,
    tags,
    operationId: 'createFeedbackPage',
    summary: 'Create a feedback page',
    description: `A standalone form with questions of 16 types, created as a draft; publish it to open \`/f/{orgSlug}/{pageSlug}\`. Questions left without an \`id\` get one. ${BRANDS}`,
    request: { params: OrgParams, body: jsonBody(FeedbackPageInputDocument) },
    responses: {
      201: jsonContent(FeedbackPageSchema, 'The created draft.'),
      409: errorResponse('Another page of the organization uses this slug (`slug_taken`).'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.feedbackPages.create(c.var.principal, c.req.valid('json')), 201),
});

export const getFeedbackPage = defineOperation({
  scope: PAGE_STRUCTURE_ACCESS,
  route: {
    method: 'get',
    path: `${path}/{pageId}`,
    tags,
    operationId: 'getFeedbackPage',
    summary: 'Get a feedback page and its structure',
    description:
      'The questions with their ids, types, options, rules and `required`: what a program needs to submit a response (`POST …/responses`). A key that may only submit (`collect`) reads published and closed pages; a draft answers it 404.',
    request: { params: FeedbackPageParams },
    responses: { 200: jsonContent(FeedbackPageSchema, 'The feedback page.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.feedbackPages.get(c.var.principal, c.req.valid('param').pageId), 200),
});

export const updateFeedbackPage = defineOperation({
  scope: 'forms',
  route: {
    method: 'patch',
    path: `${path}/{pageId}`,
    tags,
    operationId: 'updateFeedbackPage',
    summary: 'Change a feedback page',
    description:
      'A published page stays editable: changed questions make a new `version`, and each response records the version it answered.',
    request: { params: FeedbackPageParams, body: jsonBody(FeedbackPageUpdateDocument) },
    responses: {
      200: jsonContent(FeedbackPageSchema, 'The updated page.'),
      409: errorResponse(
        'Another page uses this slug (`slug_taken`), or a published page would be left without a question to answer (`conflict`).',
      ),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.feedbackPages.update(c.var.principal, c.req.valid('param').pageId, c.req.valid('json')),
      200,
    ),
});

export const deleteFeedbackPage = defineOperation({
  scope: 'forms',
  route: {
    method: 'delete',
    path: `${path}/{pageId}`,
    tags,
    operationId: 'deleteFeedbackPage',
    summary: 'Delete a feedback page and its responses',
    request: { params: FeedbackPageParams },
    responses: { 200: jsonContent(FeedbackPageDeletionSchema, 'The page is gone.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.feedbackPages.delete(c.var.principal, c.req.valid('param').pageId), 200),
});

function transitionOperation<Id extends string>(
  operationId: Id,
  transition: PageTransition,
  summary: string,
  description: string,
) {
  return defineOperation({
    scope: 'forms',
    route: {
      method: 'post',
      path: `${path}/{pageId}/${transition}`,
      tags,
      operationId,
      summary,
      description,
      request: { params: FeedbackPageParams },
      responses: {
        200: jsonContent(FeedbackPageSchema, 'The page in its new state.'),
        409: errorResponse('The page is not in a state this leaves from (`conflict`).'),
        ...AUTHENTICATED_ERRORS,
      },
    },
    handler: async (c) =>
      c.json(
        await c.var.services.feedbackPages.transition(c.var.principal, c.req.valid('param').pageId, transition),
        200,
      ),
  });
}

export const publishFeedbackPage = transitionOperation(
  'publishFeedbackPage',
  'publish',
  'Publish a draft page',
  'Opens its public URL and its responses. It needs at least one question that takes an answer.',
);
export const closeFeedbackPage = transitionOperation(
  'closeFeedbackPage',
  'close',
  'Close a published page',
  'Its public URL then shows that the page is closed, and responses are refused; they stay readable.',
);
export const reopenFeedbackPage = transitionOperation(
  'reopenFeedbackPage',
  'reopen',
  'Reopen a closed page',
  'Published again, at the same URL.',
);
