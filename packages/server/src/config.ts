import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { PLAIN_MESSAGES } from '@hearback/inputs';
import { z } from 'zod';
import { SIGNUP_MODES, type SignupMode } from './accounts/auth.js';
import { JOB_STOP_GRACE_MS } from './jobs/stop-grace.js';
import { InvalidCidrError, parseCidrList } from './lib/cidr.js';
import { SERVER_SECRET_MIN_LENGTH, ServerSecrets } from './secrets/server-secrets.js';
import { PLAN_NAMES } from './services/plans.js';

/** An address users reach the server at: `https://feedback.example.com`, maybe with a path prefix. */
function isBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    const http = url.protocol === 'http:' || url.protocol === 'https:';
    return http && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

const LOG_LEVELS = ['silent', 'error', 'info', 'debug'] as const;
const DEFAULT_LOG_LEVEL = 'info';

/**
 * The only reader of `process.env`. Everything else receives a parsed {@link Config}.
 *
 * @example
 * const config = loadConfig(process.env, { port: 4000 });
 */
const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().min(1).optional(),
  HEARBACK_DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  HEARBACK_DEFAULT_PLAN: z.enum(PLAN_NAMES).optional(),
  HEARBACK_LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  HEARBACK_COMMIT_WINDOW_MS: z.coerce.number().min(0).max(100).optional(),
  HEARBACK_COMMIT_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  HEARBACK_DISABLE_JOBS: z.enum(['true', 'false', '1', '0']).optional(),
  HEARBACK_EVENT_RETENTION_DAYS: z.coerce.number().positive().max(3650).optional(),
  HEARBACK_WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().positive().max(3650).optional(),
  HEARBACK_SEARCH: z.enum(['local', 'openai', 'off']).optional(),
  HEARBACK_SEARCH_IDLE_MS: z.coerce.number().int().min(0).optional(),
  HEARBACK_EMBEDDINGS_URL: z.string().url().optional(),
  HEARBACK_EMBEDDINGS_MODEL: z.string().min(1).optional(),
  HEARBACK_EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  HEARBACK_MCP_ALLOWED_ORIGINS: z.string().optional(),
  HEARBACK_WEBHOOK_ALLOWED_CIDRS: z.string().optional(),
  HEARBACK_TRUSTED_PROXIES: z.string().optional(),
  HEARBACK_PUBLIC_DIR: z.string().min(1).optional(),
  HEARBACK_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).optional(),
  HEARBACK_STREAM_POLL_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  HEARBACK_JOB_STOP_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  HEARBACK_SIGNUP: z.enum(SIGNUP_MODES).optional(),
  HEARBACK_SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:/.test(value), 'expected an smtp:// or smtps:// URL')
    .optional(),
  HEARBACK_SMTP_FROM: z.string().min(3).optional(),
  HEARBACK_DNS_SERVERS: z.string().optional(),
  HEARBACK_SECRET: z
    .string()
    .min(SERVER_SECRET_MIN_LENGTH, `must be at least ${SERVER_SECRET_MIN_LENGTH} characters`)
    .optional(),
  HEARBACK_PUBLIC_URL: z
    .string()
    .refine(isBaseUrl, 'expected an http(s) URL without credentials, query or fragment')
    .optional(),
});

/** Every environment variable Hearback reads (the README's configuration table names each one). */
export const ENVIRONMENT_VARIABLES = Object.keys(environmentSchema.shape) as readonly string[];

/** `a, b` → `['a', 'b']`; undefined when unset or empty. */
function parseList(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
  return items.length > 0 ? items : undefined;
}

/** `https://app.example.com, http://localhost:5173` → normalised origins; `*` stays `*`. */
function parseOrigins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    if (entry === '*') return entry;
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
    } catch {}
    throw new ConfigError(`Invalid environment: HEARBACK_MCP_ALLOWED_ORIGINS: '${entry}' is not an http(s) origin.`);
  });
}

/** `127.0.0.0/8, fd00::/8` → normalised CIDRs; a bad entry stops the start with the setting's name. */
function parseCidrSetting(name: string, value: string | undefined): string[] {
  try {
    return parseCidrList(value ?? '');
  } catch (error) {
    if (!(error instanceof InvalidCidrError)) throw error;
    throw new ConfigError(`Invalid environment: ${name}: ${error.message}`);
  }
}

/** `https://Feedback.example.com/` → `https://feedback.example.com` (a path prefix is kept). */
function normalisedBaseUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  defaultPlan: (typeof PLAN_NAMES)[number];
  logLevel: (typeof LOG_LEVELS)[number];
  /** Extra time a group commit waits for more writes to join; 0 means "whatever arrived meanwhile". */
  commitWindowMs: number;
  /**
   * Group-commit batches in flight at once, each its own transaction. Pays on PostgreSQL (a pool,
   * commits overlap); SQLite commits one at a time whatever this says. Unset: the dialect's default.
   */
  commitConcurrency: number | undefined;
  /** Run the outbox job runner inside this process. */
  runJobs: boolean;
  /** How long processed outbox events are kept before the job runner's process deletes them. */
  eventRetentionMs: number;
  /**
   * How long a finished webhook delivery (succeeded, or failed for good) is kept after its last
   * activity before housekeeping deletes it with its attempts; pending and in-flight ones are kept.
   */
  webhookDeliveryRetentionMs: number;
  /**
   * On shutdown, how long the job runners let the events in progress finish (an embedding, a
   * webhook fan-out) before handing the rest back to the next process (`HEARBACK_JOB_STOP_GRACE_MS`).
   */
  jobStopGraceMs: number;
  /** Largest accepted request body for `POST /collect`, in bytes. */
  collectBodyLimit: number;
  /** Largest accepted request body elsewhere, in bytes. */
  bodyLimit: number;
  /** Semantic search (see {@link SearchConfig}). */
  search: SearchConfig;
  /** Browser origins, besides the server's own, allowed to call `/mcp` (`*`: any). */
  mcpAllowedOrigins: string[];
  /**
   * Where users and browsers reach this instance (`https://feedback.example.com`), without a
   * trailing slash: printed as its address, and its origin may call `/mcp`. Unset: the server
   * prints `http://localhost:PORT` and takes the loopback origins of its port as its own.
   */
  publicUrl: string | undefined;
  /**
   * Private, loopback and other special addresses webhooks may still connect to (normalised CIDRs,
   * `HEARBACK_WEBHOOK_ALLOWED_CIDRS`); every other non-public address is refused at connect time.
   */
  webhookAllowedCidrs: string[];
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed (`HEARBACK_TRUSTED_PROXIES`, CIDRs): a
   * request from one of them is from the nearest address in that header that is not one of them.
   * Empty: the connection's address, whatever the headers say.
   */
  trustedProxies: string[];
  /** How long a realtime stream stays silent before a `: ping` comment keeps proxies from closing it. */
  streamHeartbeatMs: number;
  /**
   * How often the realtime streams read the outbox without a wake-up: the longest an event can wait
   * when a notification from another process was lost.
   */
  streamPollMs: number;
  /** A directory whose files are served at `/` for paths no API route claims; off when undefined. */
  publicDir: string | undefined;
  /**
   * `HEARBACK_SECRET`: the master secret that seals data the database must not hold readable.
   * Unset: a secret file in the data directory (see secrets/secret-file.ts). Held by an object
   * that never prints it.
   */
  secret: ServerSecrets | undefined;
  /**
   * `HEARBACK_SIGNUP`: who may create an account once the instance has its first user (who
   * becomes its administrator): anyone (`open`), people with an open invitation (`invite`, the
   * default), or nobody (`closed`).
   */
  signup: SignupMode;
  /**
   * `HEARBACK_SMTP_URL`: where mail goes (`smtps://user:pass@host`); needs `publicUrl`, the address
   * its links lead to. Unset: links are logged for the operator.
   */
  smtpUrl: string | undefined;
  /** `HEARBACK_SMTP_FROM`: the sender of that mail. */
  smtpFrom: string;
  /**
   * `HEARBACK_DNS_SERVERS`: the DNS servers (`1.1.1.1, 127.0.0.1:5353`) SSO domain verification
   * asks for TXT records; unset: the system's.
   */
  dnsServers: string[] | undefined;
}

/**
 * `local`: the bundled Universal Sentence Encoder lite, offline, in a worker thread started on
 * first use (~170 MB while loaded) and stopped after `idleMs` without work. `openai`: any
 * OpenAI-compatible `/embeddings` endpoint. `off`: no embeddings; search is full text alone.
 */
export interface SearchConfig {
  embedder: 'local' | 'openai' | 'off';
  idleMs: number;
  openai?: { url: string; model: string; apiKey?: string | undefined } | undefined;
}

export type ConfigOverrides = Partial<Config>;

export class ConfigError extends Error {
  readonly code = 'invalid_configuration';
  override name = 'ConfigError';
}

/**
 * The log level alone, for reporting a failure that may be the configuration's own: the default
 * when HEARBACK_LOG_LEVEL is unset or invalid ({@link loadConfig} reports an invalid value).
 *
 * @example
 * if (logLevelFrom() === 'debug') process.stderr.write(`${error.stack}\n`);
 */
export function logLevelFrom(environment: Record<string, string | undefined> = process.env): Config['logLevel'] {
  return environmentSchema.shape.HEARBACK_LOG_LEVEL.safeParse(environment.HEARBACK_LOG_LEVEL).data ?? DEFAULT_LOG_LEVEL;
}

export function loadConfig(
  environment: Record<string, string | undefined> = process.env,
  overrides: ConfigOverrides = {},
): Config {
  const parsed = environmentSchema.safeParse(environment, PLAIN_MESSAGES);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${details.join('; ')}`);
  }
  const env = parsed.data;
  const config: Config = {
    port: env.PORT ?? 3000,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.HEARBACK_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL,
    defaultPlan: env.HEARBACK_DEFAULT_PLAN ?? 'enterprise',
    logLevel: env.HEARBACK_LOG_LEVEL ?? DEFAULT_LOG_LEVEL,
    commitWindowMs: env.HEARBACK_COMMIT_WINDOW_MS ?? 0,
    commitConcurrency: env.HEARBACK_COMMIT_CONCURRENCY,
    runJobs: !(env.HEARBACK_DISABLE_JOBS === 'true' || env.HEARBACK_DISABLE_JOBS === '1'),
    eventRetentionMs: (env.HEARBACK_EVENT_RETENTION_DAYS ?? 7) * DAY_MS,
    webhookDeliveryRetentionMs: (env.HEARBACK_WEBHOOK_DELIVERY_RETENTION_DAYS ?? 30) * DAY_MS,
    jobStopGraceMs: env.HEARBACK_JOB_STOP_GRACE_MS ?? JOB_STOP_GRACE_MS,
    collectBodyLimit: 64 * 1024,
    bodyLimit: 1024 * 1024,
    search: searchConfig(env),
    mcpAllowedOrigins: parseOrigins(env.HEARBACK_MCP_ALLOWED_ORIGINS),
    webhookAllowedCidrs: parseCidrSetting('HEARBACK_WEBHOOK_ALLOWED_CIDRS', env.HEARBACK_WEBHOOK_ALLOWED_CIDRS),
    trustedProxies: parseCidrSetting('HEARBACK_TRUSTED_PROXIES', env.HEARBACK_TRUSTED_PROXIES),
    publicDir: env.HEARBACK_PUBLIC_DIR,
    streamHeartbeatMs: env.HEARBACK_STREAM_HEARTBEAT_MS ?? 15_000,
    streamPollMs: env.HEARBACK_STREAM_POLL_MS ?? 2000,
    publicUrl: env.HEARBACK_PUBLIC_URL,
    secret: env.HEARBACK_SECRET === undefined ? undefined : new ServerSecrets(env.HEARBACK_SECRET),
    signup: env.HEARBACK_SIGNUP ?? 'invite',
    smtpUrl: env.HEARBACK_SMTP_URL,
    smtpFrom: env.HEARBACK_SMTP_FROM ?? 'Hearback <hearback@localhost>',
    dnsServers: parseList(env.HEARBACK_DNS_SERVERS),
  };
  const merged = { ...config, ...withoutUndefined(overrides) };
  requirePublicUrlForMail(merged);
  return {
    ...merged,
    publicDir: merged.publicDir ? publicDirectory(merged.publicDir) : undefined,
    publicUrl: merged.publicUrl ? normalisedBaseUrl(merged.publicUrl) : undefined,
  };
}

/**
 * Mail leaves only with the instance's address known. Its links (password reset, address
 * verification, invitation) are otherwise built on the address a request names in its `Host`
 * header, which whoever sends the request chooses: anyone could ask a reset of someone else's
 * password from `Host: attacker.example`, and the mail would carry the token to that host.
 * (Without SMTP, links go to the operator's log, rebuilt on the server's own listen address when
 * this is unset: `createMailer` in accounts/mailer.ts.)
 */
function requirePublicUrlForMail(config: Pick<Config, 'smtpUrl' | 'publicUrl'>): void {
  if (config.smtpUrl && !config.publicUrl) {
    throw new ConfigError(
      'Invalid configuration: HEARBACK_SMTP_URL needs HEARBACK_PUBLIC_URL (https://feedback.example.com): mailed links must lead to this instance, not to whatever host a request names.',
    );
  }
}

/** Absolute, and checked now: a typo should stop the start, not turn every page into a 404. */
function publicDirectory(dir: string): string {
  const path = resolve(dir);
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(`Invalid configuration: public directory '${path}' is not a directory.`);
  }
  return path;
}

function searchConfig(env: z.infer<typeof environmentSchema>): SearchConfig {
  const embedder = env.HEARBACK_SEARCH ?? 'local';
  const idleMs = env.HEARBACK_SEARCH_IDLE_MS ?? 5 * 60 * 1000;
  if (embedder !== 'openai') return { embedder, idleMs };
  if (!env.HEARBACK_EMBEDDINGS_URL || !env.HEARBACK_EMBEDDINGS_MODEL) {
    throw new ConfigError(
      'Invalid environment: HEARBACK_SEARCH=openai needs HEARBACK_EMBEDDINGS_URL and HEARBACK_EMBEDDINGS_MODEL.',
    );
  }
  return {
    embedder,
    idleMs,
    openai: {
      url: env.HEARBACK_EMBEDDINGS_URL,
      model: env.HEARBACK_EMBEDDINGS_MODEL,
      apiKey: env.HEARBACK_EMBEDDINGS_API_KEY,
    },
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
