import type { ApiKey, KeyScope, Principal } from '../domain/api-key.js';
import { changedFields } from '../domain/audit.js';
import type { Inbox } from '../domain/organization.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { missingCredentials } from '../errors/missing-credentials.js';
import { newUlid } from '../lib/ids.js';
import { hashSecret, randomToken, secretMatches } from '../lib/secrets.js';
import { nowIso } from '../lib/time.js';
import type { StoredApiKey } from '../storage/repositories/api-keys.js';
import type { Repositories, Store } from '../storage/store.js';
import { requireHeldScopes, visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { apiKeyRevokedEvent } from './events.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

const KEY_PATTERN = /^hb_([0-9a-z]{26})_([A-Za-z0-9]{32})$/;

export interface NewApiKeyInput {
  name: string;
  scopes: KeyScope[];
  brandId?: string | null | undefined;
  expiresAt?: string | null | undefined;
}

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The full key string; shown once, never stored. */
  secret: string;
}

function publicKey(key: StoredApiKey): ApiKey {
  const { secretHash: _hidden, ...rest } = key;
  return rest;
}

/** Creates a key record and its secret; shared by the API and by `hearback init`. */
export async function insertApiKey(
  repositories: Repositories,
  orgId: string,
  input: NewApiKeyInput,
): Promise<CreatedApiKey> {
  const ulid = newUlid();
  const secretPart = randomToken(32);
  const key: StoredApiKey = {
    id: `key_${ulid}`,
    orgId,
    brandId: input.brandId ?? null,
    name: input.name,
    scopes: [...new Set(input.scopes)],
    hint: secretPart.slice(-4),
    expiresAt: input.expiresAt ?? null,
    revokedAt: null,
    lastUsedAt: null,
    createdAt: nowIso(),
    secretHash: hashSecret(secretPart),
  };
  await repositories.apiKeys.insert(key);
  return { apiKey: publicKey(key), secret: `hb_${ulid}_${secretPart}` };
}

/** `lastUsedAt` is kept to the minute: a write per request would cost every request an fsync. */
const LAST_USED_PRECISION_MS = 60_000;

export function apiKeysService(store: Store) {
  function recordUse(key: StoredApiKey): void {
    const now = Date.now();
    if (key.lastUsedAt && now - Date.parse(key.lastUsedAt) < LAST_USED_PRECISION_MS) return;
    // Bookkeeping only: the request does not wait for it, and a failure must not fail the request.
    store.apiKeys.touch(key.id, new Date(now).toISOString()).catch(() => {});
  }

  /** The key id and secret of a well-formed key string; throws 401 when there is no key at all. */
  function parseKey(rawKey: string | undefined): { id: string; secret: string } | undefined {
    // Only a key will do here: a caller that takes a session too asks for both before calling this.
    if (!rawKey) throw missingCredentials('key');
    const match = KEY_PATTERN.exec(rawKey);
    return match?.[1] && match[2] ? { id: `key_${match[1]}`, secret: match[2] } : undefined;
  }

  /** Why a stored key no longer authenticates anyone (revoked, expired), or undefined while it does. */
  function unusable(stored: StoredApiKey): ApiError | undefined {
    if (stored.revokedAt) return new ApiError(401, 'revoked_api_key', 'The API key has been revoked.');
    if (stored.expiresAt && stored.expiresAt <= nowIso()) {
      return new ApiError(401, 'expired_api_key', `The API key expired at ${stored.expiresAt}.`);
    }
    return undefined;
  }

  /**
   * The caller of a request from the stored key its id names: 401 unless the presented secret
   * matches and the key is neither revoked nor expired. Reads nothing itself; records the use.
   */
  function verify(presented: { secret: string } | undefined, stored: StoredApiKey | undefined): Principal {
    if (!presented || !stored || !secretMatches(presented.secret, stored.secretHash)) {
      throw new ApiError(401, 'invalid_api_key', 'The API key is not valid.');
    }
    const refusal = unusable(stored);
    if (refusal) throw refusal;
    recordUse(stored);
    return {
      actor: { type: 'api_key', id: stored.id },
      orgId: stored.orgId,
      brandId: stored.brandId,
      scopes: new Set(stored.scopes),
    };
  }

  async function get(principal: Principal, id: string): Promise<ApiKey> {
    const key = await store.apiKeys.find(visibleTo(principal), id);
    if (!key) throw notFound('API key', id);
    return publicKey(key);
  }

  return {
    get,

    /**
     * Whether a key a principal was authenticated with still holds (neither revoked nor expired
     * since): a long-lived request, the realtime stream, asks now and then, so revoking its key ends it.
     */
    async stillValid(keyId: string): Promise<boolean> {
      const stored = await store.apiKeys.findForAuthentication(keyId);
      return stored !== undefined && unusable(stored) === undefined;
    },

    /**
     * Resolves the caller of a request from its key string. PostgreSQL reads the key every time;
     * SQLite serves it from a cache read afresh after any change (storage/lookup-cache.ts). Either
     * way a revocation by any process or the CLI holds for every request received after it commits.
     */
    async authenticate(rawKey: string | undefined): Promise<Principal> {
      const presented = parseKey(rawKey);
      return verify(presented, presented && (await store.apiKeys.findForAuthentication(presented.id)));
    },

    /**
     * {@link authenticate}, with the inbox of `inboxKey` read along (one round trip on
     * PostgreSQL). The inbox is whichever has that key: the caller checks that the key may see it.
     */
    async authenticateWithInbox(
      rawKey: string | undefined,
      inboxKey: string,
    ): Promise<{ principal: Principal; inbox: Inbox | undefined }> {
      const presented = parseKey(rawKey);
      const found = presented && (await store.collectLookup.keyAndInbox(presented.id, inboxKey));
      return { principal: verify(presented, found?.key), inbox: found?.inbox };
    },

    async create(principal: Principal, input: NewApiKeyInput): Promise<CreatedApiKey> {
      // A key can only hand out what it holds: no scope escalation, no escape from its brand.
      requireHeldScopes(principal, input.scopes, 'grant scopes');
      const brandId = principal.brandId ?? input.brandId ?? null;
      // An explicit `brandId: null` asks for an organization-wide key: refused, not silently narrowed.
      if (principal.brandId && input.brandId !== undefined && input.brandId !== principal.brandId) {
        throw new ApiError(403, 'forbidden', 'A brand-scoped API key can only create keys for its own brand.');
      }
      // Stored in UTC: expiry is checked by comparing text, and `+05:00` text does not sort by instant.
      const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
      if (expiresAt && expiresAt <= nowIso()) {
        throw new ApiError(400, 'validation_failed', 'expiresAt must be in the future.', {
          errors: [{ path: 'expiresAt', message: 'Must be in the future.' }],
        });
      }
      return store.transaction(async (tx) => {
        if (brandId && !(await tx.brands.find(visibleTo(principal), brandId))) throw notFound('Brand', brandId);
        const created = await insertApiKey(tx, principal.orgId, { ...input, brandId, expiresAt });
        const { name, scopes } = created.apiKey;
        await recordAudit(tx, principal, 'api_key.created', created.apiKey.id, { name, scopes, brandId, expiresAt });
        return created;
      });
    },

    async list(principal: Principal, page: PageRequest) {
      const result = await store.apiKeys.list(visibleTo(principal), {
        limit: pageSize(page),
        after: readCursor(page.cursor),
      });
      return toPage({ items: result.items.map(publicKey), lastId: result.lastId });
    },

    async update(principal: Principal, id: string, changes: { name?: string | undefined }): Promise<ApiKey> {
      // Scopes never change after creation, so checking them before the transaction cannot go stale.
      requireHeldScopes(principal, (await get(principal, id)).scopes, 'rename a key with scopes');
      return store.transaction(async (tx) => {
        const updated = await tx.apiKeys.update(principal.orgId, id, { ...(changes.name && { name: changes.name }) });
        if (!updated) throw notFound('API key', id);
        await recordAudit(tx, principal, 'api_key.updated', id, { changed: changedFields(changes) });
        return publicKey(updated);
      });
    },

    /** Revocation is permanent and immediate; the record stays so audits can show it. */
    async revoke(principal: Principal, id: string): Promise<ApiKey> {
      const existing = await get(principal, id);
      requireHeldScopes(principal, existing.scopes, 'revoke a key with scopes');
      if (existing.revokedAt) return existing;
      return store.transaction(async (tx) => {
        const revokedAt = nowIso();
        const updated = await tx.apiKeys.update(principal.orgId, id, { revokedAt });
        if (!updated) throw notFound('API key', id);
        await recordAudit(tx, principal, 'api_key.revoked', id);
        await tx.outbox.append([apiKeyRevokedEvent(principal.orgId, id, revokedAt)]);
        return publicKey(updated);
      });
    },
  };
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
