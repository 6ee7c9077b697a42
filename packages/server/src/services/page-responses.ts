import { type AnswerValue, type Contact, checkAnswers, checkContact } from '@hearback/forms';
import type { PageResponseErasureInput } from '@hearback/inputs';
import type { Principal } from '../domain/api-key.js';
import type { FeedbackPage, PageResponse, ResponseChannel, StoredPageResponse } from '../domain/feedback-page.js';
import type { PageResponseInput } from '../domain/feedback-page-input.js';
import type { Page } from '../domain/organization.js';
import { validationFailed } from '../domain/parse-input.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { RespondentMatch } from '../storage/repositories/page-responses.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { readDateBounds } from './date-bounds.js';
import { ERASURE_BATCH, eraseInBatches } from './erasure.js';
import { pageResponseEvent } from './events.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

/** Who answered, as far as the public page knows (nothing for a keyed API call). */
export interface Respondent {
  channel: ResponseChannel;
  ipAddress?: string | null | undefined;
  userAgent?: string | null | undefined;
  /** A keyed hash of address and agent, kept for single-submission pages. */
  respondentHash?: string | null | undefined;
}

/** What the API shows of a stored response: all but the single-submission hash. */
export function shownResponse(stored: StoredPageResponse): PageResponse {
  const { respondentHash: _hash, ...response } = stored;
  return response;
}

/**
 * 409 `page_not_accepting_responses` unless the page is published (a draft, or closed). Said to
 * whoever asks: the owner's keyed API names the page and what to do; a respondent on the public
 * page (`channel: 'page'`), who can do nothing about it, reads only that the form is closed.
 */
export function assertAccepting(page: FeedbackPage, channel: ResponseChannel = 'api'): void {
  if (page.state === 'published') return;
  if (channel === 'page') {
    throw new ApiError(409, 'page_not_accepting_responses', 'This form is closed and no longer takes responses.');
  }
  const why = page.state === 'draft' ? 'is a draft: publish it first' : 'is closed: reopen it to take responses again';
  throw new ApiError(409, 'page_not_accepting_responses', `The feedback page ${page.id} ${why}.`);
}

/**
 * Checks a response against the page (every answer by its type's schema, required questions, the
 * contact the page asks for): the normalised answers and contact, or a 400 naming each question
 * at fault (`answers.<questionId>`, `contact.<field>`).
 */
export function checkResponse(
  page: FeedbackPage,
  input: PageResponseInput,
): { answers: Record<string, AnswerValue>; contact: Contact | null } {
  const answers = checkAnswers(page.questions, input.answers);
  const contact = checkContact(page.settings.requireContact, input.contact);
  if (answers.success && contact.success) return { answers: answers.answers, contact: contact.contact };
  const issues = [
    ...(answers.success ? [] : answers.issues).map((issue) => {
      const question = page.questions.find((candidate) => candidate.id === issue.questionId);
      return {
        path: ['answers', issue.questionId],
        message: question ? `“${question.title}”: ${issue.message}` : issue.message,
      };
    }),
    ...(contact.success ? [] : contact.issues).map((issue) => ({
      path: ['contact', issue.field],
      message: issue.message,
    })),
  ];
  throw validationFailed(issues, 'json');
}

/**
 * Checks a response against the page (see {@link checkResponse}) and stores it with its
 * `page_response.created` event in one transaction: 201 means both are committed. The questions
 * are the page's current version's; the response records that version. On anonymous pages
 * nothing of the respondent is kept.
 */
export async function recordResponse(
  store: Store,
  page: FeedbackPage,
  input: PageResponseInput,
  respondent: Respondent,
): Promise<PageResponse> {
  assertAccepting(page, respondent.channel);
  const checked = checkResponse(page, input);
  const anonymous = page.settings.anonymous;
  const stored: StoredPageResponse = {
    id: newId('pageResponse'),
    orgId: page.orgId,
    pageId: page.id,
    brandId: page.brandId,
    pageVersion: page.version,
    answers: checked.answers,
    contact: checked.contact,
    context: input.context ?? null,
    channel: respondent.channel,
    ipAddress: anonymous ? null : (respondent.ipAddress ?? null),
    userAgent: anonymous ? null : (respondent.userAgent ?? null),
    respondentHash: respondent.respondentHash ?? null,
    createdAt: nowIso(),
  };
  const response = shownResponse(stored);
  await store.transaction(async (tx) => {
    await tx.pageResponses.insert(stored);
    await tx.outbox.append([pageResponseEvent(response)]);
  });
  return response;
}

/** Whom an erasure names: the contact's email, else the one context member (the input has exactly one). */
function respondentOf(input: PageResponseErasureInput): RespondentMatch | undefined {
  if (input.contact) return { email: input.contact.email };
  const [member] = Object.entries(input.context ?? {});
  return member && { contextKey: member[0], contextValue: member[1] };
}

/** Responses to feedback pages through the API: submitted with a key, listed, read. */
export function pageResponsesService(store: Store, onEvents: () => void) {
  async function findPage(principal: Principal, pageId: string): Promise<FeedbackPage> {
    const page = await store.feedbackPages.find(visibleTo(principal), pageId);
    if (!page) throw notFound('Feedback page', pageId);
    return page;
  }

  return {
    /** A keyed submission (`forms` or `collect`): no captcha, nothing of the caller stored. */
    async submit(principal: Principal, pageId: string, input: PageResponseInput): Promise<PageResponse> {
      const response = await recordResponse(store, await findPage(principal, pageId), input, { channel: 'api' });
      onEvents();
      return response;
    },

    async list(
      principal: Principal,
      pageId: string,
      query: PageRequest & { from?: string | undefined; to?: string | undefined },
    ): Promise<Page<PageResponse>> {
      await findPage(principal, pageId);
      const { from, to } = await readDateBounds(store, principal.orgId, { from: query.from, to: query.to });
      const result = await store.pageResponses.list(visibleTo(principal), pageId, {
        limit: pageSize(query),
        before: readCursor(query.cursor),
        from,
        to,
      });
      return toPage({ items: result.items.map(shownResponse), lastId: result.lastId });
    },

    async get(principal: Principal, pageId: string, id: string): Promise<PageResponse> {
      const response = await store.pageResponses.find(visibleTo(principal), pageId, id);
      if (!response) throw notFound('Page response', id);
      return shownResponse(response);
    },

    /**
     * Deletes one response (spam, a respondent's erasure request): its answers, contact and context
     * go; the page's completions count one fewer, as they are counted from the responses. The audit
     * entry names the page, never an answer. Under a single-submission limit the respondent may
     * answer again. Its `page_response.created` event and the webhook deliveries made from it go
     * too (see `deletions.eventCopies`). No event.
     */
    async delete(principal: Principal, pageId: string, id: string): Promise<{ id: string; deleted: true }> {
      await store.transaction(async (tx) => {
        if (!(await tx.pageResponses.delete(visibleTo(principal), pageId, id))) throw notFound('Page response', id);
        await tx.deletions.eventCopies(principal.orgId, 'response', [id]);
        await recordAudit(tx, principal, 'page_response.deleted', id, { pageId });
      });
      return { id, deleted: true };
    },

    /**
     * Deletes every response, of every page the principal may see, that names one person (a
     * context member, or the contact's email: see {@link RespondentMatch}), as {@link delete} does,
     * one `page_response.deleted` audit entry per response naming its page, never the value that
     * named the person; in batches (see {@link eraseInBatches}).
     */
    async erase(principal: Principal, input: PageResponseErasureInput): Promise<{ deleted: number }> {
      const match = respondentOf(input);
      if (!match) return { deleted: 0 };
      return eraseInBatches(store, async (tx) => {
        const ids = await tx.pageResponses.idsMatching(visibleTo(principal), match, ERASURE_BATCH);
        const deleted = await tx.pageResponses.deleteMany(visibleTo(principal), ids);
        await tx.deletions.eventCopies(
          principal.orgId,
          'response',
          deleted.map((response) => response.id),
        );
        for (const response of deleted) {
          await recordAudit(tx, principal, 'page_response.deleted', response.id, {
            pageId: response.pageId,
            erasure: true,
          });
        }
        return { found: ids.length, deleted: deleted.length };
      });
    },
  };
}

export type PageResponsesService = ReturnType<typeof pageResponsesService>;
