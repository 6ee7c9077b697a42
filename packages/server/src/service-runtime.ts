import { createAuth } from './accounts/auth.js';
import { createMailer, type Mailer } from './accounts/mailer.js';
import type { Config } from './config.js';
import { embedFeedbackHandler } from './jobs/embed-feedback.js';
import { Housekeeping } from './jobs/housekeeping.js';
import { JobRunner } from './jobs/job-runner.js';
import { reindexOrganizationHandler } from './jobs/reindex-organization.js';
import { OwnAddress } from './lib/own-address.js';
import type { Logger } from './logger.js';
import { OutboxTail } from './realtime/outbox-tail.js';
import { createEmbedder } from './search/create-embedder.js';
import type { Embedder } from './search/embedder.js';
import { resolveServerSecrets } from './secrets/secret-file.js';
import type { ServerSecrets } from './secrets/server-secrets.js';
import type { CaptchaOptions } from './services/captcha.js';
import { createServices, type Services } from './services/index.js';
import type { ClusteredPeriods } from './services/period-themes.js';
import type { ClusteringCache } from './services/period-themes-cache.js';
import { REINDEX_EVENT, type SearchReindexService, searchReindexService } from './services/search-reindex.js';
import { type Database, openDatabase } from './storage/database.js';
import { openExistingDatabase } from './storage/existing-database.js';
import { migrateToLatest } from './storage/migrate.js';
import { createStore, type Store } from './storage/store.js';
import type { WebhookSender } from './webhooks/contracts.js';
import { DeliveryWorker } from './webhooks/delivery-worker.js';
import { WEBHOOKS_CONSUMER, webhookFanOut } from './webhooks/fan-out.js';
import { guardedFetch } from './webhooks/guarded-fetch.js';
import { deliveryPreparer } from './webhooks/prepare-delivery.js';
import { GuardedWebhookSender } from './webhooks/sender.js';

const JOB_WAKE_DELAY_MS = 20;
/** How long a request to an SSO provider may take. */
const OUTBOUND_TIMEOUT_MS = 15_000;

export interface RuntimeOptions {
  /** Replaces the embedder the configuration asks for (tests inject a deterministic one). */
  embedder?: Embedder | undefined;
  /**
   * Sends webhook attempts. Default: the SSRF-guarded sender, with `HEARBACK_WEBHOOK_ALLOWED_CIDRS`.
   * Tests pass one that counts or fails on purpose.
   */
  webhookSender?: WebhookSender | undefined;
  /** The public pages' proof of work; tests ask for less work. */
  captcha?: CaptchaOptions | undefined;
  /** Where the themes keep their clusterings (services/period-themes-cache.ts); tests count what is stored. */
  themeClusterings?: ClusteringCache<ClusteredPeriods> | undefined;
  /** Sends account mail (reset, verification, invites). Default: SMTP by `HEARBACK_SMTP_URL`, or the log. */
  mailer?: Mailer | undefined;
  /**
   * Refuse with a NoDatabaseError (storage/no-database.ts), creating nothing (no database, no
   * secret file), where the configuration points at no Hearback database: the CLI's commands on an
   * existing instance.
   */
  existingDatabase?: boolean | undefined;
}

export interface ServiceRuntime {
  config: Config;
  /** The master secret: `HEARBACK_SECRET`, or the secret file in the data directory. */
  secrets: ServerSecrets;
  database: Database;
  /** The migrations this start applied, in order: none once the database is up to date. */
  appliedMigrations: readonly string[];
  store: Store;
  services: Services;
  jobs: JobRunner;
  /** The outbox consumer `webhooks`: turns events into webhook deliveries (webhooks/fan-out.ts). */
  webhookJobs: JobRunner;
  /** Sends the queued webhook deliveries, with retries (webhooks/delivery-worker.ts). */
  deliveries: DeliveryWorker;
  /**
   * Sends webhook attempts (deliveries and `…/test`) through the SSRF guard
   * (`HEARBACK_WEBHOOK_ALLOWED_CIDRS`): one agent, so connections to a receiver are reused; closed
   * last on shutdown.
   */
  webhookSender: WebhookSender;
  /**
   * The process's one reader of the outbox for realtime streams: woken by this process's commits,
   * by other processes' (PostgreSQL NOTIFY) and by a poll. Closing it ends every open stream.
   */
  realtime: OutboxTail;
  /** Hourly, with the job runner: deletes old processed events and expired idempotency records. */
  housekeeping: Housekeeping;
  /** Embeds feedback and search queries; absent when search is off (`HEARBACK_SEARCH=off`). */
  embedder: Embedder | undefined;
  /** Backfills and replaces embeddings with the embedder's model; absent when search is off. */
  reindex: SearchReindexService | undefined;
  /**
   * Settles once the organizations' search models were checked against the embedder's and any
   * background reindex was queued (only where jobs run); startup does not wait for it.
   */
  searchModelsChecked: Promise<void>;
  /**
   * Where this server answers (`http://localhost:PORT`), as it prints it: the links it logs for the
   * operator without `HEARBACK_PUBLIC_URL` are built on it, never on a request's `Host`.
   * `listen()` sets the port it was given.
   */
  ownAddress: OwnAddress;
  /** Finishes in-flight commits, stops jobs and closes the database. */
  close(): Promise<void>;
}

/**
 * Opens and migrates the database and wires store → services and the job runner (started when
 * `config.runJobs`), without the HTTP app: what the CLI's commands other than `serve` need, and
 * they start in about half the time for not loading the routes ({@link createRuntime} adds them).
 *
 * @example
 * const runtime = await openServiceRuntime(loadConfig(undefined, { runJobs: false }));
 * const organizations = await runtime.services.organizations.list();
 * await runtime.close();
 */
export async function openServiceRuntime(
  config: Config,
  logger?: Logger,
  options: RuntimeOptions = {},
): Promise<ServiceRuntime> {
  const where = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  // Before the secret file, which would otherwise be created beside no database.
  const existing = options.existingDatabase ? await openExistingDatabase(where) : undefined;
  let resolved: ReturnType<typeof resolveServerSecrets>;
  try {
    // A missing or unusable secret stops the start before a database is created.
    resolved = resolveServerSecrets(config.secret, config.dataDir);
  } catch (error) {
    await existing?.close();
    throw error;
  }
  const { secrets, file: secretFile } = resolved;
  const database = existing ?? (await openDatabase(where));
  if (secretFile?.created) logger?.info('server secret generated', { path: secretFile.path });
  if (secretFile && database.dialect.name === 'postgres') {
    // Processes on one database must share the secret, or none can replay what another stored.
    logger?.info(
      'warning: the server secret comes from this data directory; every process on this PostgreSQL database needs the same one: set HEARBACK_SECRET',
      { path: secretFile.path },
    );
  }
  if (config.publicUrl && new URL(config.publicUrl).pathname !== '/') {
    // Links (pages, QR codes, /skill.md) carry the path, but the dashboard's assets and the sign-in
    // routes are served from the root: behind a proxy that strips the path, they would 404.
    logger?.info(
      'warning: HEARBACK_PUBLIC_URL has a path; links include it, but the dashboard and sign-in need the server at the root of its host (a host of its own, such as https://feedback.example.com)',
      { publicUrl: config.publicUrl },
    );
  }
  const appliedMigrations = await migrateToLatest(database);
  if (appliedMigrations.length > 0) logger?.info('database migrated', { migrations: appliedMigrations });
  const store = createStore(database);
  const jobs = new JobRunner({
    store,
    // Under load a batch commits every few milliseconds; relaying after each would add two more
    // commits (fsyncs) per batch. Events reach their handlers at most this much later.
    wakeDelayMs: JOB_WAKE_DELAY_MS,
    stopGraceMs: config.jobStopGraceMs,
    onError: (error, event) =>
      logger?.error('job failed', { eventId: event?.id, type: event?.type, error: String(error) }),
  });
  const webhookSender = options.webhookSender ?? new GuardedWebhookSender({ allowedCidrs: config.webhookAllowedCidrs });
  const deliveries = new DeliveryWorker({
    store,
    sender: webhookSender,
    // Services are made below; a delivery is prepared only once the worker runs.
    prepare: deliveryPreparer({ secrets, secretValues: (orgId) => services.organizationSecrets.valuesFor(orgId) }),
    onError: (error, deliveryId) => logger?.error('webhook delivery failed', { deliveryId, error: String(error) }),
  });
  // A consumer of its own: slow embeddings never hold webhooks back, nor webhooks embeddings.
  const fanOut = webhookFanOut(store, { onQueued: () => deliveries.wake() });
  const webhookJobs = new JobRunner({
    store,
    consumer: WEBHOOKS_CONSUMER,
    wakeDelayMs: JOB_WAKE_DELAY_MS,
    stopGraceMs: config.jobStopGraceMs,
    batchHandler: fanOut.batch,
    handlers: { '*': [fanOut.event] },
    wantedTypes: fanOut.wantedTypes,
    onError: (error, event) =>
      logger?.error('webhook fan-out failed', { eventId: event?.id, type: event?.type, error: String(error) }),
  });
  const housekeeping = new Housekeeping({
    store,
    retentionMs: config.eventRetentionMs,
    deliveryRetentionMs: config.webhookDeliveryRetentionMs,
    onError: (error) => logger?.error('housekeeping failed', { error: String(error) }),
  });
  const embedder = options.embedder ?? createEmbedder(config.search);
  const outboxWakeUps = database.dialect.outboxWakeUps;
  const realtime = new OutboxTail({
    store,
    wakeUps: outboxWakeUps,
    pollIntervalMs: config.streamPollMs,
    onError: (error) => logger?.error('realtime stream read failed', { error: String(error) }),
  });
  const ownAddress = new OwnAddress(config);
  const { publicUrl } = config;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.smtpFrom,
      logger,
      linkBase: publicUrl
        ? { url: () => publicUrl, source: 'public URL' }
        : { url: () => ownAddress.url, source: 'listen address' },
    });
  const auth = createAuth({
    db: database.db as never,
    dialect: database.dialect.name,
    secret: secrets.subkey('session-signing').toString('base64url'),
    publicUrl: config.publicUrl,
    signup: config.signup,
    mailer,
    users: {
      count: () => store.members.countUsers(),
      invited: (email) => store.invites.pendingFor(email, new Date().toISOString()),
    },
    onUserCreated: async (user) => {
      if (user.instanceAdmin) await services.accounts.adoptUnownedOrganizations(user.id);
    },
    onSignedIn: (userId) => services.members.recordSignIn(userId),
    logger,
  });
  const services = createServices(store, {
    auth,
    outboundFetch: guardedFetch({ allowedCidrs: config.webhookAllowedCidrs, timeoutMs: OUTBOUND_TIMEOUT_MS }),
    mailer,
    dnsServers: config.dnsServers,
    secrets,
    webhookSender,
    embedder,
    defaultPlan: config.defaultPlan,
    publicUrl: config.publicUrl,
    commitWindowMs: config.commitWindowMs,
    commitConcurrency: config.commitConcurrency ?? database.dialect.commitConcurrency,
    onEvents: () => {
      jobs.wake();
      webhookJobs.wake();
      realtime.wake();
      // Streams held by other processes on the same database (a no-op on SQLite).
      outboxWakeUps.announce();
    },
    realtime,
    streamHeartbeatMs: config.streamHeartbeatMs,
    onDeliveriesQueued: () => deliveries.wake(),
    captcha: options.captcha,
    themeClusterings: options.themeClusterings,
    onUsageError: (error) => logger?.error('usage count write failed (kept for the next)', { error: String(error) }),
    // The name and why, never a value: none was opened.
    onSecretUnreadable: ({ orgId, name, error }) =>
      logger?.error('organization secret does not open with the server secret (left out)', {
        orgId,
        name,
        error: String(error),
      }),
  });
  // Search reports how many items still wait for a vector; it learns at once of those stored here.
  const onStored = (orgId: string) => services.search.vectorsStored(orgId);
  // Embedding runs from the outbox, after the commit: `/collect` does no more work with search on.
  if (embedder) jobs.on('feedback.created', embedFeedbackHandler(store, embedder, onStored));
  const reindex = embedder && searchReindexService(store, embedder, { logger, onEvents: () => jobs.wake(), onStored });
  if (reindex) jobs.on(REINDEX_EVENT, reindexOrganizationHandler(reindex));
  if (config.runJobs) {
    jobs.start();
    webhookJobs.start();
    deliveries.start();
    housekeeping.start();
  }
  // Where jobs run, a changed model is noticed at start and reindexed in the background; search
  // meanwhile answers with full text for items the new model has not reached.
  const searchModelsChecked =
    reindex && config.runJobs
      ? reindex.reconcile().then(
          () => undefined,
          (error: unknown) => logger?.error('search model check failed', { error: String(error) }),
        )
      : Promise.resolve();
  return {
    config,
    secrets,
    database,
    appliedMigrations,
    store,
    services,
    jobs,
    webhookJobs,
    deliveries,
    webhookSender,
    housekeeping,
    realtime,
    embedder,
    reindex,
    searchModelsChecked,
    ownAddress,
    async close() {
      // Open streams end first: an HTTP server waits for them before it closes.
      await realtime.close();
      await searchModelsChecked;
      await services.collect.drain();
      await jobs.stop();
      await webhookJobs.stop();
      await deliveries.stop();
      await housekeeping.stop();
      await services.search.settled();
      await embedder?.close();
      await webhookSender.close?.();
      await database.close();
    },
  };
}
