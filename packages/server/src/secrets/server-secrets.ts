import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** Shortest master secret accepted, in characters: 32 random base64 characters carry 192 bits. */
export const SERVER_SECRET_MIN_LENGTH = 32;

/**
 * What a subkey is for. Each purpose has its own key, so data sealed for one use can never be
 * opened (or a MAC forged) by another; a new use (webhook signing secrets, tracker tokens) adds one.
 */
export type SecretPurpose =
  | 'idempotency-key-hash'
  | 'idempotency-fingerprint'
  | 'idempotent-response'
  | 'organization-secret'
  | 'webhook-signing-secret'
  | 'page-respondent-hash'
  | 'captcha-challenge'
  | 'captcha-key-signature'
  | 'session-signing'
  | 'invite-token'
  | 'sso-client-secret'
  | 'sso-sign-in-state'
  | 'page-visit';

/** Sealed text starts with its format version, so a later format can be told apart (and old text refused). */
const SEALED_VERSION = 'v1.';
const HKDF_SALT = 'hearback server secret';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Binds sealed data to where it belongs; `open` must be given the same values as `seal` was. */
export interface SealBinding {
  /** Mixed into the encryption key (say, a client's idempotency key the database never holds). */
  context?: string;
  /** Authenticated, not encrypted (say, the id of the row the data is stored in). */
  associatedData?: string;
}

/** Sealed data that this secret cannot open: another format, another secret or binding, or altered. */
export class SealedDataError extends Error {
  readonly code = 'sealed_data_unreadable';
  override name = 'SealedDataError';
}

/** A master secret that is missing, unreadable or too weak to use (see secret-file.ts). */
export class ServerSecretError extends Error {
  readonly code = 'server_secret_unusable';
  override name = 'ServerSecretError';
}

/**
 * The instance's master secret (`HEARBACK_SECRET`, or the secret file in the data directory), never
 * stored in the database. Nothing uses it directly: every use derives its own subkey with HKDF-SHA256,
 * and data is sealed with AES-256-GCM under such a subkey. The secret sits in a private field, so
 * logging or serialising this object shows nothing of it.
 *
 * @example
 * const secrets = new ServerSecrets(randomBytes(32).toString('base64url'));
 * const sealed = secrets.seal('idempotent-response', '{"ok":true}', { associatedData: 'key_1' });
 * secrets.open('idempotent-response', sealed, { associatedData: 'key_1' }); // '{"ok":true}'
 */
export class ServerSecrets {
  readonly #master: Buffer;

  constructor(secret: string) {
    if (secret.length < SERVER_SECRET_MIN_LENGTH) {
      throw new ServerSecretError(
        `The server secret is too short (${secret.length} characters; at least ${SERVER_SECRET_MIN_LENGTH}).`,
      );
    }
    this.#master = Buffer.from(secret, 'utf8');
  }

  /** Whether `other` holds the same master secret (without either showing it). */
  sameAs(other: ServerSecrets): boolean {
    return this.#master.length === other.#master.length && timingSafeEqual(this.#master, other.#master);
  }

  /** A 32-byte key for `purpose`, and for one `context` within it when given. */
  subkey(purpose: SecretPurpose, context = ''): Buffer {
    // The context is hashed: HKDF's info is bounded (1,024 bytes) and a context may be long.
    const info = `${purpose}\0${createHash('sha256').update(context).digest('base64url')}`;
    return Buffer.from(hkdfSync('sha256', this.#master, HKDF_SALT, info, 32));
  }

  /** HMAC-SHA256 of `data` under the purpose's subkey (base64url): a lookup key no database reader can compute. */
  mac(purpose: SecretPurpose, data: string): string {
    return createHmac('sha256', this.subkey(purpose)).update(data).digest('base64url');
  }

  /** Encrypts and authenticates `plaintext`: `v1.` and base64url of IV, tag and ciphertext. */
  seal(purpose: SecretPurpose, plaintext: string, binding: SealBinding = {}): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.subkey(purpose, binding.context), iv);
    cipher.setAAD(Buffer.from(binding.associatedData ?? '', 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${SEALED_VERSION}${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }

  /** The plaintext of {@link seal}; throws {@link SealedDataError} when it cannot be opened. */
  open(purpose: SecretPurpose, sealed: string, binding: SealBinding = {}): string {
    if (!sealed.startsWith(SEALED_VERSION)) throw new SealedDataError('Sealed data of an unknown format.');
    const bytes = Buffer.from(sealed.slice(SEALED_VERSION.length), 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedDataError('Sealed data is truncated.');
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.subkey(purpose, binding.context),
        bytes.subarray(0, IV_BYTES),
      );
      decipher.setAAD(Buffer.from(binding.associatedData ?? '', 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new SealedDataError('Sealed data does not open with this secret and binding.', { cause: error });
    }
  }
}
