import { isAnswerable, type PageState, type Question } from '@hearback/forms';
import type { Principal } from '../domain/api-key.js';
import { type AuditAction, changedFields } from '../domain/audit.js';
import {
  DEFAULT_PAGE_SETTINGS,
  type FeedbackPage,
  type FeedbackPageSummary,
  mayReadPage,
  type PageSettings,
} from '../domain/feedback-page.js';
import type { PageInput, PageUpdateInput, QuestionInput } from '../domain/feedback-page-input.js';
import type { Page } from '../domain/organization.js';
import { slugify } from '../domain/organization-slug.js';
import { ApiError, notFound, slugTaken } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { randomToken } from '../lib/secrets.js';
import { nowIso } from '../lib/time.js';
import { PAGE_SLUG_INDEX } from '../storage/repositories/feedback-pages.js';
import type { Repositories, Store } from '../storage/store.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

/** Which states each transition leaves from, and where it goes. */
const TRANSITIONS = {
  publish: { from: ['draft'], to: 'published' },
  close: { from: ['published'], to: 'closed' },
  reopen: { from: ['closed'], to: 'published' },
} as const satisfies Record<string, { from: readonly PageState[]; to: PageState }>;
export type PageTransition = keyof typeof TRANSITIONS;

/** What the audit log calls each transition. */
const TRANSITION_ACTIONS = {
  publish: 'feedback_page.published',
  close: 'feedback_page.closed',
  reopen: 'feedback_page.reopened',
} as const satisfies Record<PageTransition, AuditAction>;

/** Questions with an id each: those given keep theirs, the others get a new one, unique in the page. */
function withIds(questions: readonly QuestionInput[]): Question[] {
  const taken = new Set(questions.map((question) => question.id));
  const newId = () => {
    let id: string;
    do id = `q_${randomToken(6).toLowerCase()}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  return questions.map(({ id, ...question }) => ({ id: id ?? newId(), ...question })) as Question[];
}

function mergedSettings(current: PageSettings, changes: PageInput['settings']): PageSettings {
  const given = Object.fromEntries(Object.entries(changes ?? {}).filter(([, value]) => value !== undefined));
  return { ...current, ...given } as PageSettings;
}

/** A page with the slug given, or its title's made unique with a number (`survey`, `survey-2` …). */
async function freeSlug(tx: Repositories, orgId: string, title: string): Promise<string> {
  const base = slugify(title, 'page').slice(0, 58);
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await tx.feedbackPages.slugTaken(orgId, slug))) return slug;
  }
}

/** A slug the unique index refused: 409 naming it, as for organizations. */
function asSlugTaken(slug: string | undefined) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, PAGE_SLUG_INDEX)) throw slugTaken('page', slug);
    throw error;
  };
}

/**
 * Feedback pages: drafts, their questions and settings, and their states (`draft → published →
 * closed`, and `reopen`). A page that may have responses (published or closed) moves to a new
 * version when its questions change, and keeps the questions of each version it published, so a
 * response always says which questions it answered. A brand-scoped key's pages are its brand's.
 */
export function feedbackPagesService(store: Store) {
  async function find(principal: Principal, id: string, tx: Repositories = store): Promise<FeedbackPage> {
    const page = await tx.feedbackPages.find(visibleTo(principal), id);
    if (!page) throw notFound('Feedback page', id);
    return page;
  }

  return {
    /** A page and its structure; a draft is not found by a key that may only submit responses. */
    async get(principal: Principal, id: string): Promise<FeedbackPage> {
      const page = await find(principal, id);
      if (!mayReadPage(principal, page.state)) throw notFound('Feedback page', id);
      return page;
    },

    async create(principal: Principal, input: PageInput): Promise<FeedbackPage> {
      return store
        .transaction(async (tx) => {
          const now = nowIso();
          const page: FeedbackPage = {
            id: newId('page'),
            orgId: principal.orgId,
            brandId: principal.brandId,
            slug: input.slug ?? (await freeSlug(tx, principal.orgId, input.title)),
            title: input.title,
            description: input.description ?? null,
            questions: withIds(input.questions ?? []),
            settings: mergedSettings(DEFAULT_PAGE_SETTINGS, input.settings),
            state: 'draft',
            version: 1,
            publishedAt: null,
            closedAt: null,
            createdAt: now,
            updatedAt: now,
          };
          await tx.feedbackPages.insert(page);
          await recordAudit(tx, principal, 'feedback_page.created', page.id, { title: page.title, slug: page.slug });
          return page;
        })
        .catch(asSlugTaken(input.slug));
    },

    async list(
      principal: Principal,
      page: PageRequest & { state?: PageState | undefined },
    ): Promise<Page<FeedbackPageSummary>> {
      const scope = visibleTo(principal);
      const listed = toPage(
        await store.feedbackPages.list(scope, {
          limit: pageSize(page),
          after: readCursor(page.cursor),
          state: page.state,
        }),
      );
      const counts = await store.pageResponses.countByPage(
        scope.orgId,
        listed.data.map((item) => item.id),
      );
      return { ...listed, data: listed.data.map((item) => ({ ...item, responseCount: counts.get(item.id) ?? 0 })) };
    },

    async update(principal: Principal, id: string, changes: PageUpdateInput): Promise<FeedbackPage> {
      return store
        .transaction(async (tx) => {
          const existing = await find(principal, id, tx);
          const questions = changes.questions === undefined ? existing.questions : withIds(changes.questions);
          const questionsChanged = JSON.stringify(questions) !== JSON.stringify(existing.questions);
          // A draft has no responses yet: its questions change in place.
          const newVersion = questionsChanged && existing.state !== 'draft';
          const now = nowIso();
          const page: FeedbackPage = {
            ...existing,
            ...(changes.title !== undefined && { title: changes.title }),
            ...(changes.slug !== undefined && { slug: changes.slug }),
            ...(changes.description !== undefined && { description: changes.description }),
            questions,
            settings: mergedSettings(existing.settings, changes.settings),
            version: newVersion ? existing.version + 1 : existing.version,
            updatedAt: now,
          };
          if (newVersion && existing.state === 'published') requireAnswerable(page);
          await tx.feedbackPages.save(page);
          if (newVersion) await tx.feedbackPages.saveVersion(page.id, page.version, page.questions, now);
          await recordAudit(tx, principal, 'feedback_page.updated', page.id, {
            changed: changedFields(changes),
            ...(newVersion && { version: page.version }),
          });
          return page;
        })
        .catch(asSlugTaken(changes.slug));
    },

    async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true }> {
      await store.transaction(async (tx) => {
        if (!(await tx.feedbackPages.delete(visibleTo(principal), id))) throw notFound('Feedback page', id);
        await recordAudit(tx, principal, 'feedback_page.deleted', id);
      });
      return { id, deleted: true };
    },

    /** `publish`, `close` or `reopen`; 409 from a state the transition does not leave. */
    async transition(principal: Principal, id: string, transition: PageTransition): Promise<FeedbackPage> {
      return store.transaction(async (tx) => {
        const existing = await find(principal, id, tx);
        const { from, to } = TRANSITIONS[transition];
        if (!(from as readonly PageState[]).includes(existing.state)) {
          throw new ApiError(
            409,
            'conflict',
            `A ${existing.state} page cannot be ${transition === 'reopen' ? 'reopened' : `${transition}ed`}; only a ${from.join(' or ')} one can.`,
          );
        }
        const now = nowIso();
        const page: FeedbackPage = {
          ...existing,
          state: to,
          ...(to === 'published' && { publishedAt: now, closedAt: null }),
          ...(to === 'closed' && { closedAt: now }),
          updatedAt: now,
        };
        if (to === 'published') requireAnswerable(page);
        await tx.feedbackPages.save(page);
        await tx.feedbackPages.saveVersion(page.id, page.version, page.questions, now);
        await recordAudit(tx, principal, TRANSITION_ACTIONS[transition], page.id, { from: existing.state, to });
        return page;
      });
    },
  };
}

/** A page goes out only with something to answer. */
function requireAnswerable(page: FeedbackPage): void {
  if (!page.questions.some((question) => isAnswerable(question.type))) {
    throw new ApiError(409, 'conflict', 'A published page needs at least one question that takes an answer.', {
      errors: [{ path: 'questions', message: 'Add a question other than a content block or section header.' }],
    });
  }
}

export type FeedbackPagesService = ReturnType<typeof feedbackPagesService>;
