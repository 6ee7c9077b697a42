import {
  openOrganizationSecret,
  openSigningSecret,
  openSsoClientSecret,
  sealOrganizationSecret,
  sealSigningSecret,
  sealSsoClientSecret,
} from '../secrets/sealed-values.js';
import { SealedDataError, type ServerSecrets } from '../secrets/server-secrets.js';
import type {
  SealedOrganizationSecretRow,
  SealedSigningSecretRow,
  SealedSsoClientSecretRow,
} from '../storage/repositories/sealed-values.js';
import type { Repositories, Store } from '../storage/store.js';

/** What a rotation changed. */
export interface RotationSummary {
  organizationSecrets: number;
  signingSecrets: number;
  /** Organizations' OpenID Connect client secrets. */
  ssoClientSecrets: number;
  /** Replay records of `Idempotency-Key` retries: they cannot be re-sealed (see sealed-values repository). */
  idempotencyRecordsDeleted: number;
}

/** A rotation refused before anything changed: stored values the current secret does not open. */
export class MasterSecretRotationError extends Error {
  readonly code = 'master_secret_rotation_refused';
  override name = 'MasterSecretRotationError';

  constructor(readonly unreadable: readonly string[]) {
    super(
      `${unreadable.length} stored value(s) do not open with the current server secret, so they cannot be re-sealed: ${unreadable.join(', ')}. Nothing was changed. Run with the secret they were sealed under, or delete them (DELETE …/secrets/NAME; POST …/automations/ID/rotate-signing-secret) and rotate again.`,
    );
  }
}

const organizationSecretLabel = (row: SealedOrganizationSecretRow) => `secret ${row.name} of ${row.orgId}`;
const signingSecretLabel = (row: SealedSigningSecretRow) => `signing secret of ${row.automationId}`;
const ssoClientSecretLabel = (row: SealedSsoClientSecretRow) => `SSO client secret of ${row.orgId}`;

/** `reseal()` for each row, or the labels of the rows whose value did not open. */
function resealEach<Row extends { sealed: string }>(
  rows: Row[],
  reseal: (row: Row) => string,
  label: (row: Row) => string,
  unreadable: string[],
): Row[] {
  const resealed: Row[] = [];
  for (const row of rows) {
    try {
      resealed.push({ ...row, sealed: reseal(row) });
    } catch (error) {
      if (!(error instanceof SealedDataError)) throw error;
      unreadable.push(label(row));
    }
  }
  return resealed;
}

/** Every sealed value re-sealed from `from` to `to` in memory, and the labels of those `from` does not open. */
async function resealedValues(repositories: Repositories, from: ServerSecrets, to: ServerSecrets) {
  const unreadable: string[] = [];
  const organizationSecrets = resealEach(
    await repositories.sealedValues.organizationSecrets(),
    ({ orgId, name, sealed }) =>
      sealOrganizationSecret(to, orgId, name, openOrganizationSecret(from, orgId, name, sealed)),
    organizationSecretLabel,
    unreadable,
  );
  const signingSecrets = resealEach(
    await repositories.sealedValues.signingSecrets(),
    ({ automationId, sealed }) => sealSigningSecret(to, automationId, openSigningSecret(from, automationId, sealed)),
    signingSecretLabel,
    unreadable,
  );
  const ssoClientSecrets = resealEach(
    await repositories.sealedValues.ssoClientSecrets(),
    ({ orgId, sealed }) => sealSsoClientSecret(to, orgId, openSsoClientSecret(from, orgId, sealed)),
    ssoClientSecretLabel,
    unreadable,
  );
  return { organizationSecrets, signingSecrets, ssoClientSecrets, unreadable };
}

async function resealAll(tx: Repositories, from: ServerSecrets, to: ServerSecrets): Promise<RotationSummary> {
  const { organizationSecrets, signingSecrets, ssoClientSecrets, unreadable } = await resealedValues(tx, from, to);
  // All or nothing: a value left under the old secret would be lost with it.
  if (unreadable.length > 0) throw new MasterSecretRotationError(unreadable);
  for (const { orgId, name, sealed } of organizationSecrets) {
    await tx.sealedValues.setOrganizationSecret(orgId, name, sealed);
  }
  for (const { automationId, sealed } of signingSecrets) await tx.sealedValues.setSigningSecret(automationId, sealed);
  for (const { orgId, sealed } of ssoClientSecrets) await tx.sealedValues.setSsoClientSecret(orgId, sealed);
  return {
    organizationSecrets: organizationSecrets.length,
    signingSecrets: signingSecrets.length,
    ssoClientSecrets: ssoClientSecrets.length,
    idempotencyRecordsDeleted: await tx.sealedValues.deleteIdempotencyRecords(),
  };
}

/**
 * Re-seals every value the database holds under the master secret `from` (organization secrets,
 * automations' signing secrets, SSO client secrets) under `to`, in one transaction, and deletes the idempotency
 * records, which cannot be re-sealed. Refuses, changing nothing, when a value does not open with
 * `from` ({@link MasterSecretRotationError}). Servers using the database must be stopped: one
 * still running keeps sealing with `from`.
 *
 * @example
 * const summary = await rotateMasterSecret(store, current, next);
 */
export function rotateMasterSecret(store: Store, from: ServerSecrets, to: ServerSecrets): Promise<RotationSummary> {
  return store.transaction((tx) => resealAll(tx, from, to));
}

/**
 * Refuses, as {@link rotateMasterSecret} would, when a stored value does not open with `from`:
 * run before a new secret is made or shown, so a refusal never hands out a secret nothing uses.
 *
 * @example
 * await assertRotatable(store, current); // throws MasterSecretRotationError
 */
export async function assertRotatable(store: Store, from: ServerSecrets): Promise<void> {
  // Re-sealed under `from` itself: the same opening as the rotation's, nothing written.
  const { unreadable } = await resealedValues(store, from, from);
  if (unreadable.length > 0) throw new MasterSecretRotationError(unreadable);
}

/**
 * Which of `candidates` the database's sealed values are under (its index), judged by the first
 * organization secret or signing secret that opens with one; undefined when none is stored or none
 * opens. Tells whether an interrupted rotation committed.
 */
export async function sealedUnder(store: Store, candidates: readonly ServerSecrets[]): Promise<number | undefined> {
  const opens = (open: (secrets: ServerSecrets) => unknown) =>
    candidates.findIndex((secrets) => {
      try {
        open(secrets);
        return true;
      } catch {
        return false;
      }
    });
  for (const row of await store.sealedValues.organizationSecrets()) {
    const index = opens((secrets) => openOrganizationSecret(secrets, row.orgId, row.name, row.sealed));
    if (index >= 0) return index;
  }
  for (const row of await store.sealedValues.signingSecrets()) {
    const index = opens((secrets) => openSigningSecret(secrets, row.automationId, row.sealed));
    if (index >= 0) return index;
  }
  for (const row of await store.sealedValues.ssoClientSecrets()) {
    const index = opens((secrets) => openSsoClientSecret(secrets, row.orgId, row.sealed));
    if (index >= 0) return index;
  }
  return undefined;
}
