import {
  type CollectRequest,
  type CollectResponse,
  createHearbackClient,
  type FetchLike,
  type HearbackClient,
  type SearchResults,
} from '@hearback/client';
import { AccountResource } from './resources/account.js';
import { ApiKeysResource } from './resources/api-keys.js';
import { AuditLogResource } from './resources/audit-log.js';
import { AutomationsResource } from './resources/automations.js';
import { BrandsResource } from './resources/brands.js';
import { ResourceContext } from './resources/context.js';
import { FeedbackResource } from './resources/feedback.js';
import { FeedbackPagesResource } from './resources/feedback-pages.js';
import { HealthResource } from './resources/health.js';
import { HooksResource } from './resources/hooks.js';
import { InboxesResource } from './resources/inboxes.js';
import { MembersResource } from './resources/members.js';
import { OrganizationResource } from './resources/organization.js';
import { SecretsResource } from './resources/secrets.js';
import { SsoResource } from './resources/sso.js';
import { ViewsResource } from './resources/views.js';
import type { CollectOptions, RetrySettings, SearchOptions } from './transport/request-options.js';

export interface HearbackOptions {
  /**
   * An API key (`hb_…`) with the scopes your calls need: `collect` to submit, `read`/`write` to
   * triage. Or, instead, `session`.
   */
  apiKey?: string | undefined;
  /**
   * A signed-in person's session cookie (`hearback.session_token=…`, from `POST /auth/sign-in/email`)
   * instead of a key: their role gives the scopes, and the calls only people make (account,
   * members, invitations) work. Writes send `baseUrl`'s origin, as the server's CSRF check asks.
   */
  session?: string | undefined;
  /** Where your Hearback server answers, e.g. `https://feedback.example.com`. */
  baseUrl: string;
  /** The organization (`org_…`) of the key; needed by every method except `collect()` and `health`. */
  orgId?: string | undefined;
  /** Time allowed for each attempt, in milliseconds. Default 30 000. */
  timeoutMs?: number | undefined;
  /** Retries after a failed first attempt, for requests that are safe to repeat. Default 2. */
  maxRetries?: number | undefined;
  /** Backoff before the first retry, doubled for each further one (with jitter). Default 500 ms. */
  initialRetryDelayMs?: number | undefined;
  /** The longest wait before one retry; a longer `Retry-After` is not waited for. Default 30 000 ms. */
  maxRetryDelayMs?: number | undefined;
  /** Replaces the global `fetch`, e.g. with a server's in-process `app.fetch` in tests. */
  fetch?: FetchLike | undefined;
  /** Extra headers for every request. */
  headers?: Record<string, string> | undefined;
}

const DEFAULTS: RetrySettings = { timeoutMs: 30_000, maxRetries: 2, initialRetryDelayMs: 500, maxRetryDelayMs: 30_000 };

/**
 * The Hearback server SDK: typed methods that resolve with data and throw one `HearbackApiError`,
 * retrying network errors, timeouts, 408, 429 and 5xx when the request is safe to repeat.
 *
 * @example
 * const hearback = new Hearback({ apiKey: 'hb_…', baseUrl: 'http://localhost:3000', orgId: 'org_…' });
 * await hearback.collect({ inboxKey: 'ibx_…', type: 'thumbs', score: 1 });
 * for await (const item of hearback.feedback.list({ status: 'new' })) console.log(item.comment);
 */
export class Hearback {
  /** The typed low-level client (`@hearback/client`), for anything the methods do not cover. */
  readonly client: HearbackClient;
  readonly health: HealthResource;
  readonly organization: OrganizationResource;
  readonly feedback: FeedbackResource;
  readonly inboxes: InboxesResource;
  readonly brands: BrandsResource;
  readonly apiKeys: ApiKeysResource;
  /** REST hooks, for automation platforms: subscribe a URL to an event, sample, unsubscribe. */
  readonly hooks: HooksResource;
  readonly secrets: SecretsResource;
  /** Feedback pages and their responses. */
  readonly pages: FeedbackPagesResource;
  readonly automations: AutomationsResource;
  /** Saved views: named feedback filters. */
  readonly views: ViewsResource;
  /** Who changed what in the organization. */
  readonly auditLog: AuditLogResource;
  /** The signed-in person's account (with `session`): organizations, invitations to accept. */
  readonly account: AccountResource;
  /** Members and invitations. */
  readonly members: MembersResource;
  /** Single sign-on (OpenID Connect) and its verified email domains. */
  readonly sso: SsoResource;
  readonly #context: ResourceContext;

  constructor(options: HearbackOptions) {
    if (!options.apiKey && !options.session) throw new TypeError('Hearback needs an `apiKey` (hb_…) or a `session`.');
    if (!options.baseUrl) throw new TypeError('Hearback needs a `baseUrl`, e.g. http://localhost:3000.');
    const session = options.session && { cookie: options.session, origin: new URL(options.baseUrl).origin };
    this.client = createHearbackClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch,
      headers: { ...session, ...options.headers },
    });
    const settings: RetrySettings = {
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      initialRetryDelayMs: options.initialRetryDelayMs ?? DEFAULTS.initialRetryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs,
    };
    this.#context = new ResourceContext(this.client, settings, options.orgId);
    this.health = new HealthResource(this.#context);
    this.organization = new OrganizationResource(this.#context);
    this.feedback = new FeedbackResource(this.#context);
    this.inboxes = new InboxesResource(this.#context);
    this.brands = new BrandsResource(this.#context);
    this.apiKeys = new ApiKeysResource(this.#context);
    this.hooks = new HooksResource(this.#context);
    this.secrets = new SecretsResource(this.#context);
    this.pages = new FeedbackPagesResource(this.#context);
    this.automations = new AutomationsResource(this.#context);
    this.views = new ViewsResource(this.#context);
    this.auditLog = new AuditLogResource(this.#context);
    this.account = new AccountResource(this.#context);
    this.members = new MembersResource(this.#context);
    this.sso = new SsoResource(this.#context);
  }

  /**
   * Submits one feedback event; resolves once the server has durably stored it. Every attempt
   * carries the same `Idempotency-Key`, so a retried submission is stored once.
   *
   * @example
   * const { id } = await hearback.collect({
   *   inboxKey: 'ibx_…', type: 'nps', score: 9, comment: 'Fast checkout', context: { source: 'server', userId: 'u_42' },
   * });
   */
  collect(input: CollectRequest, options: CollectOptions = {}): Promise<CollectResponse> {
    const idempotencyKey = options.idempotencyKey ?? input.eventId;
    return this.#context.call(
      'collectFeedback',
      (attempt) => this.client.POST('/collect', { body: input, ...attempt }),
      { ...options, idempotencyKey },
    );
  }

  /**
   * Feedback by meaning and words, most relevant first: semantic similarity of the comments to
   * `query` (finds paraphrases) fused with full-text matches (finds exact words and codes), or
   * either alone with `mode`. Each call counts against the plan's monthly searches, so it is sent once, never retried.
   *
   * @example
   * const { data } = await hearback.search('app freezes when I attach a picture', {
   *   limit: 5, filters: { from: '2026-11-01', status: 'new' },
   * });
   * for (const { feedback, score } of data) console.log(score.toFixed(2), feedback.comment);
   */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResults> {
    const { limit, filters, mode, ...requestOptions } = options;
    const path = { orgId: this.#context.orgId };
    return this.#context.call(
      'searchFeedback',
      (attempt) =>
        this.client.POST('/organizations/{orgId}/search', {
          params: { path },
          body: { query, limit, filters, mode },
          ...attempt,
        }),
      requestOptions,
    );
  }
}
