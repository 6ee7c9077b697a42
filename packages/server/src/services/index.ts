import type { Auth } from '../accounts/auth.js';
import type { Mailer } from '../accounts/mailer.js';
import { collectService } from '../ingest/collect.js';
import { txtResolver } from '../lib/txt-resolver.js';
import type { OutboxTail } from '../realtime/outbox-tail.js';
import type { Embedder } from '../search/embedder.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Store } from '../storage/store.js';
import type { WebhookSender } from '../webhooks/contracts.js';
import type { OutboundFetch } from '../webhooks/guarded-fetch.js';
import { accountsService } from './accounts.js';
import { apiKeysService } from './api-keys.js';
import { auditLogService } from './audit.js';
import { automationTrialsService } from './automation-trials.js';
import { automationsService } from './automations.js';
import { brandsService } from './brands.js';
import { callersService } from './callers.js';
import type { CaptchaOptions } from './captcha.js';
import { feedbackService } from './feedback.js';
import { feedbackPageSharingService } from './feedback-page-sharing.js';
import { feedbackPagesService } from './feedback-pages.js';
import { feedbackStreamService } from './feedback-stream.js';
import { feedbackThemesService } from './feedback-themes.js';
import { idempotencyService } from './idempotency.js';
import { inboxesService } from './inboxes.js';
import { invitesService } from './invites.js';
import { membersService } from './members.js';
import { notesService } from './notes.js';
import { type OrganizationSecretsOptions, organizationSecretsService } from './organization-secrets.js';
import { organizationsService } from './organizations.js';
import { pageInsightsService } from './page-insights.js';
import { pageResponsesService } from './page-responses.js';
import type { ClusteredPeriods } from './period-themes.js';
import type { ClusteringCache } from './period-themes-cache.js';
import type { PlanName } from './plans.js';
import { publicPagesService } from './public-pages.js';
import { restHooksService } from './rest-hooks.js';
import { savedViewsService } from './saved-views.js';
import { searchService } from './search.js';
import { recordSearchModelOfNewOrganization } from './search-reindex.js';
import { serverFeaturesOf } from './server-features.js';
import { ssoService } from './sso.js';
import { ssoSignInService } from './sso-sign-in.js';
import { UsageTally } from './usage-tally.js';
import { webhookDeliveriesService } from './webhook-deliveries.js';

export interface ServicesOptions {
  defaultPlan: PlanName;
  /** The instance's master secret: seals what the database must not hold readable. */
  secrets: ServerSecrets;
  commitWindowMs: number;
  /** Group-commit batches in flight at once (see GroupCommitOptions.concurrency). */
  commitConcurrency?: number | undefined;
  /** Called after a transaction that wrote outbox events has committed (wakes the job runner). */
  onEvents?: () => void;
  /** Called after webhook deliveries were queued for another attempt (wakes the delivery worker). */
  onDeliveriesQueued?: () => void;
  /** Embeds search queries; without it search is full text alone. */
  embedder?: Embedder | undefined;
  /** Where a failed write of usage counts is reported (they are kept and written later). */
  onUsageError?: (error: unknown) => void;
  /** Sends webhook attempts through the SSRF guard: the runtime's one sender (tests of automations use it). */
  webhookSender: WebhookSender;
  /** `HEARBACK_PUBLIC_URL`: the base of the links a feedback page is shared by. */
  publicUrl?: string | undefined;
  /** The process's one reader of the outbox for realtime streams (runtime.ts makes and closes it). */
  realtime: OutboxTail;
  /** How long a realtime stream stays silent before a heartbeat. */
  streamHeartbeatMs: number;
  /** Where a stored organization secret that does not open is reported (it is left out of rendering). */
  onSecretUnreadable?: OrganizationSecretsOptions['onUnreadable'];
  /** The public pages' proof of work (lifetime, work); tests make it quick. */
  captcha?: CaptchaOptions | undefined;
  /** The themes' clusterings; default: a cache of this process's own. */
  themeClusterings?: ClusteringCache<ClusteredPeriods> | undefined;
  /** Requests to addresses an organization's admin chose (SSO providers), under the webhooks' address policy. */
  outboundFetch: OutboundFetch;
  /** Accounts and sessions (better-auth over the same database). */
  auth: Auth;
  /** Account mail: invitations (better-auth sends its own through the same mailer). */
  mailer: Mailer;
  /** `HEARBACK_DNS_SERVERS`: where SSO domain verification looks up TXT records (the system's when unset). */
  dnsServers?: readonly string[] | undefined;
}

/** Every business rule of the server, wired to one store. */
export function createServices(store: Store, options: ServicesOptions) {
  const onEvents = options.onEvents ?? (() => {});
  const usage = new UsageTally(store, options.onUsageError);
  const organizationSecrets = organizationSecretsService(store, options.secrets, {
    onUnreadable: options.onSecretUnreadable,
  });
  const apiKeys = apiKeysService(store);
  const callers = callersService(store, apiKeys, options.auth);
  const sso = ssoService(store, options.secrets, txtResolver(options.dnsServers));
  // With search on, a new organization starts with the embedder's model recorded, as a start would record it.
  const onOrganizationInserted = options.embedder && recordSearchModelOfNewOrganization(options.embedder.model);
  return {
    sso,
    ssoSignIn: ssoSignInService(sso, options.secrets, options.auth, options.outboundFetch),
    callers,
    /** What this server offers (semantic search): for clients, and for the `/mcp` tools it serves. */
    features: serverFeaturesOf(options.embedder),
    auth: options.auth,
    accounts: accountsService(store, options.defaultPlan, onOrganizationInserted),
    members: membersService(store, onEvents),
    invites: invitesService(store, options.secrets, options.mailer),
    organizations: organizationsService(store, options.defaultPlan, usage, onOrganizationInserted),
    apiKeys,
    inboxes: inboxesService(store),
    brands: brandsService(store),
    feedback: feedbackService(store, onEvents),
    feedbackStream: feedbackStreamService(store, options.realtime, {
      heartbeatMs: options.streamHeartbeatMs,
      stillValid: callers.stillValid,
    }),
    feedbackThemes: feedbackThemesService(store, options.embedder, options.themeClusterings),
    notes: notesService(store),
    savedViews: savedViewsService(store),
    auditLog: auditLogService(store),
    feedbackPages: feedbackPagesService(store),
    feedbackPageSharing: feedbackPageSharingService(store, options.publicUrl),
    pageResponses: pageResponsesService(store, onEvents),
    pageInsights: pageInsightsService(store),
    publicPages: publicPagesService(store, options.secrets, onEvents, { captcha: options.captcha }),
    automations: automationsService(store, options.secrets),
    search: searchService(store, options.embedder),
    restHooks: restHooksService(store, options.secrets),
    idempotency: idempotencyService(store, options.secrets),
    organizationSecrets,
    automationTrials: automationTrialsService(store, options.secrets, {
      organizationSecrets,
      sender: options.webhookSender,
    }),
    webhookDeliveries: webhookDeliveriesService(store, options.onDeliveriesQueued ?? (() => {})),
    collect: collectService(store, {
      windowMs: options.commitWindowMs,
      concurrency: options.commitConcurrency,
      usage,
      onEvents,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
