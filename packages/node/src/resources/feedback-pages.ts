import type {
  FeedbackPage,
  FeedbackPageInput,
  FeedbackPageListQuery,
  FeedbackPageShare,
  FeedbackPageUpdate,
  PageAnalytics,
  PageAnalyticsQuery,
  PageResponse,
  PageResponseDeletion,
  PageResponseErasure,
  PageResponseErasureInput,
  PageResponseExportQuery,
  PageResponseInput,
  PageResponseListQuery,
} from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * A page's responses: submit with a `forms` or `collect` key (no captcha), list and read with a
 * `read` or `forms` key.
 */
export class PageResponsesResource {
  constructor(private readonly context: ResourceContext) {}

  /**
   * Submits answers by question id; a 400 `validation_failed` names each question at fault
   * (`answers.<questionId>`).
   *
   * @example
   * await hearback.pages.responses.submit(pageId, { answers: { recommend: 9, why: 'Fast' } });
   */
  async submit(pageId: string, input: PageResponseInput, options?: RequestOptions): Promise<PageResponse> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'submitPageResponse',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback-pages/{pageId}/responses', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /** Newest first; `from`/`to` bound the submission time. */
  list(pageId: string, query: PageResponseListQuery = {}, options?: RequestOptions): Paginator<PageResponse> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId, pageId };
      return this.context.call(
        'listPageResponses',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/responses', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  async get(pageId: string, responseId: string, options?: RequestOptions): Promise<PageResponse> {
    const path = { orgId: this.context.orgId, pageId, responseId };
    return this.context.call(
      'getPageResponse',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/responses/{responseId}', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  /**
   * Deletes one response with its answers, contact and context (spam, a respondent's erasure
   * request); needs the `forms` scope. A second delete fails with `not_found`.
   *
   * @example
   * await hearback.pages.responses.delete(pageId, 'resp_…');
   */
  async delete(pageId: string, responseId: string, options?: RequestOptions): Promise<PageResponseDeletion> {
    const path = { orgId: this.context.orgId, pageId, responseId };
    return this.context.call(
      'deletePageResponse',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/feedback-pages/{pageId}/responses/{responseId}', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  /**
   * Deletes every response, of every page the key may see, that names one person: by one top-level
   * context member (`{ context: { userId: 'u_42' } }`, exact text) or by the contact's email
   * (`{ contact: { email: 'ana@example.com' } }`, trimmed and in any case), for an erasure request.
   * Resolves to how many went (0 when none matched). Needs the `forms` scope.
   *
   * @example
   * const { deleted } = await hearback.pages.responses.erase({ contact: { email: 'ana@example.com' } });
   */
  async erase(input: PageResponseErasureInput, options?: RequestOptions): Promise<PageResponseErasure> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'erasePageResponses',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback-pages/responses/erase', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /**
   * The page's responses as one file's text, newest first: CSV (`format: 'csv'`, the default; one
   * column per question, formulas neutralised) or NDJSON (one response a line). The server streams
   * it; this method reads it whole.
   *
   * @example
   * const csv = await hearback.pages.responses.export(pageId, { from: '2026-11-01' });
   * await writeFile('responses.csv', csv);
   */
  async export(pageId: string, query: PageResponseExportQuery = {}, options?: RequestOptions): Promise<string> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'exportPageResponses',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/responses/export', {
          params: { path, query },
          parseAs: 'text',
          ...attempt,
        }),
      options,
    );
  }
}

/**
 * Feedback pages: standalone forms with questions of 16 types, published at
 * `/f/{orgSlug}/{pageSlug}`. Writing needs the `forms` scope; reading `read` or `forms`.
 */
export class FeedbackPagesResource {
  readonly responses: PageResponsesResource;

  constructor(private readonly context: ResourceContext) {
    this.responses = new PageResponsesResource(context);
  }

  list(query: FeedbackPageListQuery = {}, options?: RequestOptions): Paginator<FeedbackPage> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listFeedbackPages',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/feedback-pages', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /**
   * Creates a draft; publish it to open its public URL.
   *
   * @example
   * const page = await hearback.pages.create({ title: 'Spring survey', questions: [{ type: 'nps', title: 'Recommend us?', required: true }] });
   * await hearback.pages.publish(page.id);
   */
  async create(input: FeedbackPageInput, options?: RequestOptions): Promise<FeedbackPage> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createFeedbackPage',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback-pages', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /**
   * The page with its questions: ids, types, options, rules and `required`. A `collect` key (which
   * may submit) reads published and closed pages; a draft is `not_found` to it.
   */
  async get(pageId: string, options?: RequestOptions): Promise<FeedbackPage> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'getFeedbackPage',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}', { params: { path }, ...attempt }),
      options,
    );
  }

  async update(pageId: string, changes: FeedbackPageUpdate, options?: RequestOptions): Promise<FeedbackPage> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'updateFeedbackPage',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/feedback-pages/{pageId}', {
          params: { path },
          body: changes,
          ...attempt,
        }),
      options,
    );
  }

  async delete(pageId: string, options?: RequestOptions): Promise<void> {
    const path = { orgId: this.context.orgId, pageId };
    await this.context.call(
      'deleteFeedbackPage',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/feedback-pages/{pageId}', { params: { path }, ...attempt }),
      options,
    );
  }

  async publish(pageId: string, options?: RequestOptions): Promise<FeedbackPage> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'publishFeedbackPage',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback-pages/{pageId}/publish', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  async close(pageId: string, options?: RequestOptions): Promise<FeedbackPage> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'closeFeedbackPage',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback-pages/{pageId}/close', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  /**
   * Views, starts, completions, conversion rate and their daily series over whole days in the
   * organization's time zone (the last 30 unless `from`/`to` say), and a breakdown of each question.
   *
   * @example
   * const { conversionRate, questions } = await hearback.pages.analytics(pageId, { from: '2026-11-01', to: '2026-11-30' });
   */
  async analytics(pageId: string, query: PageAnalyticsQuery = {}, options?: RequestOptions): Promise<PageAnalytics> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'getPageAnalytics',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/analytics', {
          params: { path, query },
          ...attempt,
        }),
      options,
    );
  }

  async reopen(pageId: string, options?: RequestOptions): Promise<FeedbackPage> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'reopenFeedbackPage',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback-pages/{pageId}/reopen', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  /**
   * Every way to share the page: its link, the URLs of its QR codes and flyer, and the
   * email-signature and iframe snippets ready to paste.
   *
   * @example
   * const { url, emailSignatureHtml } = await hearback.pages.share(pageId);
   */
  async share(pageId: string, options?: RequestOptions): Promise<FeedbackPageShare> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'getFeedbackPageShare',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/share', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  /** The page link's QR code as an SVG document (scalable, black on white). */
  async qrSvg(pageId: string, options?: RequestOptions): Promise<string> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'getFeedbackPageQrSvg',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/share/qr.svg', {
          params: { path },
          parseAs: 'text',
          ...attempt,
        }),
      options,
    );
  }

  /**
   * The page link's QR code as PNG bytes, `size` × `size` pixels (64–2048, default 512).
   *
   * @example
   * await writeFile('qr.png', await hearback.pages.qrPng(pageId, { size: 1024 }));
   */
  async qrPng(pageId: string, query: { size?: number } = {}, options?: RequestOptions): Promise<Uint8Array> {
    const path = { orgId: this.context.orgId, pageId };
    const bytes = await this.context.call(
      'getFeedbackPageQrPng',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/share/qr.png', {
          params: { path, query },
          parseAs: 'arrayBuffer',
          ...attempt,
        }),
      options,
    );
    return new Uint8Array(bytes);
  }

  /** A printable flyer (a complete HTML document): title, description, a large QR code and the link. */
  async flyer(pageId: string, query: { paper?: 'a4' | 'letter' } = {}, options?: RequestOptions): Promise<string> {
    const path = { orgId: this.context.orgId, pageId };
    return this.context.call(
      'getFeedbackPageFlyer',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback-pages/{pageId}/share/flyer', {
          params: { path, query },
          parseAs: 'text',
          ...attempt,
        }),
      options,
    );
  }
}
