import { notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { Logger } from '../logger.js';
import type { Embedder } from '../search/embedder.js';
import { DEFAULT_CONSUMER, type OutboxEvent } from '../storage/repositories/outbox.js';
import type { SearchModel } from '../storage/repositories/search-models.js';
import type { Repositories, Store } from '../storage/store.js';
import { EMBED_BATCH_SIZE, embedAndStore } from './embedding.js';

/**
 * Internal outbox event: "re-embed this organization with the server's model". Not one of the
 * public `EVENT_TYPES` (services/events.ts): whatever delivers events to the outside (webhooks,
 * realtime) must deliver those types only. Each run embeds a slice and, when items
 * remain, appends the next event, so a reindex survives restarts and never holds a lease for long.
 */
export const REINDEX_EVENT = 'search.reindex-requested';

export interface ReindexOptions {
  /** One organization; all of them when absent. */
  orgId?: string | undefined;
  batchSize?: number | undefined;
  /** Re-embed every item with a comment, not only those without a vector of the model. */
  force?: boolean | undefined;
  /** Stops the run after the batch in progress (committed batches are kept). */
  signal?: AbortSignal | undefined;
  /** Once counted: items to embed and organizations they belong to. */
  onStart?(total: number, organizations: number): void;
  /** After each committed batch: items embedded so far in this run. */
  onProgress?(embedded: number): void;
}

export interface ReindexSummary {
  model: string;
  organizations: number;
  embedded: number;
  /** True when the signal stopped the run before the end; running again resumes. */
  interrupted: boolean;
}

/** An organization's search model as `hearback search status` shows it. */
export interface SearchStatus {
  orgId: string;
  /** The recorded model and state; null before the server or a reindex recorded one. */
  recorded: Pick<SearchModel, 'model' | 'dim' | 'state'> | null;
  /** Items with a comment and no vector of the embedder's model. */
  missing: number;
}

export interface SearchReindexOptions {
  logger?: Logger | undefined;
  /** Called after reindex events were appended (wakes the job runner). */
  onEvents?: () => void;
  /** Called with the organization after each committed batch of its vectors. */
  onStored?: (orgId: string) => void;
}

/**
 * The record of an organization whose vectors are all of the embedder's model (or that has none):
 * that model, ready. A finished reindex writes it; so does `reconcile()` at start for an organization
 * without one and without vectors of another model, and {@link recordSearchModelOfNewOrganization}
 * when an organization is made.
 */
function readySearchModel(orgId: string, model: string, dim: number | null, updatedAt = nowIso()): SearchModel {
  return { orgId, model, dim, state: 'ready', previousModel: null, previousDim: null, updatedAt };
}

/**
 * Records the embedder's model for an organization being made, inside the transaction that makes
 * it (it has no vectors yet): `hearback search status` shows its model at once, not `-` until the
 * next start. Wired in services/index.ts when search is on.
 *
 * @example
 * await recordSearchModelOfNewOrganization(embedder.model)(tx, organization.id);
 */
export function recordSearchModelOfNewOrganization(model: string) {
  return (tx: Repositories, orgId: string): Promise<void> => tx.searchModels.save(readySearchModel(orgId, model, null));
}

/**
 * Backfills and replaces embeddings with the embedder's model: the `hearback search reindex`
 * command, and the background reindex after a model change (see {@link REINDEX_EVENT}). The
 * database is the progress record (an item is pending while it has no vector of the model), so
 * every run, interrupted or not, resumes where the last committed batch left off.
 */
export function searchReindexService(store: Store, embedder: Embedder, options: SearchReindexOptions = {}) {
  const { model } = embedder;
  const log = options.logger;

  async function organizationIds(orgId: string | undefined): Promise<string[]> {
    if (orgId === undefined) return (await store.organizations.list()).map((organization) => organization.id);
    if (!(await store.organizations.find(orgId))) throw notFound('Organization', orgId);
    return [orgId];
  }

  /** Records the model as the organization's, complete, and drops the vectors of other models. */
  async function finish(orgId: string): Promise<SearchModel> {
    return store.transaction(async (tx) => {
      const recorded = await tx.searchModels.find(orgId);
      const previous =
        recorded?.previousModel && recorded.previousDim !== null
          ? [{ model: recorded.previousModel, dim: recorded.previousDim }]
          : [];
      await tx.embeddingBacklog.removeOtherModels(orgId, model, previous);
      const space = (await tx.embeddingBacklog.spaces(orgId)).find((candidate) => candidate.model === model);
      const record = readySearchModel(orgId, model, space?.dim ?? (recorded?.model === model ? recorded.dim : null));
      await tx.searchModels.save(record);
      return record;
    });
  }

  const reindexEvent = (orgId: string, createdAt = nowIso()): OutboxEvent => ({
    id: newId('event'),
    orgId,
    type: REINDEX_EVENT,
    data: { model },
    createdAt,
  });

  return {
    model,

    /** Embeds what is missing (or everything, with `force`) in batches; see {@link ReindexOptions}. */
    async run(request: ReindexOptions = {}): Promise<ReindexSummary> {
      const batchSize = request.batchSize ?? EMBED_BATCH_SIZE;
      const missingModel = request.force ? undefined : model;
      const targets = [];
      for (const orgId of await organizationIds(request.orgId)) {
        targets.push({ orgId, total: await store.embeddingBacklog.count(orgId, { missingModel }) });
      }
      request.onStart?.(
        targets.reduce((sum, target) => sum + target.total, 0),
        targets.length,
      );
      let embedded = 0;
      for (const { orgId } of targets) {
        let afterId: string | null = null;
        for (;;) {
          if (request.signal?.aborted) return { model, organizations: targets.length, embedded, interrupted: true };
          const page = await store.embeddingBacklog.page(orgId, { missingModel, afterId, limit: batchSize });
          if (page.length === 0) break;
          await embedAndStore(store, embedder, page);
          options.onStored?.(orgId);
          embedded += page.length;
          afterId = page[page.length - 1]?.id ?? null;
          request.onProgress?.(embedded);
        }
        await finish(orgId);
      }
      return { model, organizations: targets.length, embedded, interrupted: false };
    },

    /**
     * One step of a background reindex: embeds batches of the organization's missing items for
     * about `budgetMs` (at least one batch), then either finishes the organization or appends the
     * next {@link REINDEX_EVENT}. Returns how many items it embedded.
     */
    async step(orgId: string, budget: { budgetMs: number; batchSize?: number | undefined }): Promise<number> {
      if (!(await store.organizations.find(orgId))) return 0;
      const started = performance.now();
      let embedded = 0;
      let afterId: string | null = null;
      do {
        const page = await store.embeddingBacklog.page(orgId, {
          missingModel: model,
          afterId,
          limit: budget.batchSize ?? EMBED_BATCH_SIZE,
        });
        if (page.length === 0) {
          const record = await finish(orgId);
          log?.info('search reindex finished', { orgId, model, dim: record.dim, embedded });
          return embedded;
        }
        await embedAndStore(store, embedder, page);
        options.onStored?.(orgId);
        embedded += page.length;
        afterId = page[page.length - 1]?.id ?? null;
      } while (performance.now() - started < budget.budgetMs);
      const remaining = await store.embeddingBacklog.count(orgId, { missingModel: model });
      log?.info('search reindex progress', { orgId, model, embedded, remaining });
      await store.outbox.append([reindexEvent(orgId)]);
      return embedded;
    },

    /**
     * At server start: records the model for organizations that have none, and for those whose
     * recorded model (or stored vectors) differ, records the new one and queues a background
     * reindex. Returns the organizations queued.
     */
    async reconcile(): Promise<string[]> {
      const records = new Map((await store.searchModels.list()).map((record) => [record.orgId, record]));
      const queued: string[] = [];
      for (const { id: orgId } of await store.organizations.list()) {
        const recorded = records.get(orgId);
        if (recorded?.model === model) {
          if (recorded.state === 'ready' || (await store.outbox.hasPending(DEFAULT_CONSUMER, orgId, REINDEX_EVENT)))
            continue;
          await store.outbox.append([reindexEvent(orgId)]);
          queued.push(orgId);
          continue;
        }
        // No record yet (vectors written before this table, or an organization made with search off), or one
        // recorded before the organization had a vector (as a new one is): the stored vectors tell.
        const spaces = recorded?.dim != null ? [] : await store.embeddingBacklog.spaces(orgId);
        const previous = recorded
          ? {
              model: recorded.model,
              dim: recorded.dim ?? spaces.find((space) => space.model === recorded.model)?.dim ?? null,
            }
          : spaces.find((space) => space.model !== model);
        const now = nowIso();
        if (!previous) {
          const dim = spaces.find((space) => space.model === model)?.dim ?? null;
          await store.searchModels.save(readySearchModel(orgId, model, dim, now));
          continue;
        }
        await store.transaction(async (tx) => {
          await tx.searchModels.save({
            orgId,
            model,
            dim: null,
            state: 'reindexing',
            previousModel: previous.model,
            previousDim: previous.dim,
            updatedAt: now,
          });
          await tx.outbox.append([reindexEvent(orgId, now)]);
        });
        log?.info('search model changed: reindexing in the background', { orgId, from: previous.model, to: model });
        queued.push(orgId);
      }
      if (queued.length > 0) options.onEvents?.();
      return queued;
    },

    /** Each organization's recorded model and what still lacks a vector of this embedder's model. */
    async status(orgId?: string): Promise<SearchStatus[]> {
      const statuses: SearchStatus[] = [];
      for (const id of await organizationIds(orgId)) {
        const recorded = await store.searchModels.find(id);
        // Recorded before the organization had a vector: the stored vectors know the dimension.
        const dim =
          recorded &&
          (recorded.dim ??
            (await store.embeddingBacklog.spaces(id)).find((space) => space.model === recorded.model)?.dim);
        statuses.push({
          orgId: id,
          recorded: recorded ? { model: recorded.model, dim: dim ?? null, state: recorded.state } : null,
          missing: await store.embeddingBacklog.count(id, { missingModel: model }),
        });
      }
      return statuses;
    },
  };
}

export type SearchReindexService = ReturnType<typeof searchReindexService>;
