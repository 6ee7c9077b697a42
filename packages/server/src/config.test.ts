import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, logLevelFrom } from './config.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('loadConfig', () => {
  it('gives a new user working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      defaultPlan: 'enterprise',
      runJobs: true,
      eventRetentionMs: 7 * DAY_MS,
      webhookDeliveryRetentionMs: 30 * DAY_MS,
      jobStopGraceMs: 2000,
      search: { embedder: 'local' },
      mcpAllowedOrigins: [],
      webhookAllowedCidrs: [],
    });
  });

  it('reads each variable, and explicit overrides (CLI flags) win over the environment', () => {
    const config = loadConfig(
      {
        PORT: '4100',
        HEARBACK_DATA_DIR: '/tmp/hb',
        DATABASE_URL: 'postgres://u@127.0.0.1:5432/hb',
        HEARBACK_DEFAULT_PLAN: 'starter',
        HEARBACK_DISABLE_JOBS: 'true',
        HEARBACK_EVENT_RETENTION_DAYS: '0.5',
        HEARBACK_WEBHOOK_DELIVERY_RETENTION_DAYS: '90',
        HEARBACK_JOB_STOP_GRACE_MS: '250',
        HEARBACK_SEARCH: 'off',
        HEARBACK_MCP_ALLOWED_ORIGINS: 'https://app.example.com/path, http://localhost:5173',
        HEARBACK_WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/8, fd00::/8,::1',
        HEARBACK_TRUSTED_PROXIES: '10.0.0.0/8, 172.18.0.3',
      },
      { port: 5000 },
    );
    expect(config).toMatchObject({
      port: 5000,
      dataDir: '/tmp/hb',
      databaseUrl: 'postgres://u@127.0.0.1:5432/hb',
      defaultPlan: 'starter',
      runJobs: false,
      eventRetentionMs: DAY_MS / 2,
      webhookDeliveryRetentionMs: 90 * DAY_MS,
      jobStopGraceMs: 250,
      search: { embedder: 'off' },
      mcpAllowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
      webhookAllowedCidrs: ['127.0.0.0/8', 'fd00::/8', '::1/128'],
      trustedProxies: ['10.0.0.0/8', '172.18.0.3/32'],
    });
  });

  it('mails when it knows its own address, where the links lead', () => {
    const config = loadConfig({
      HEARBACK_SMTP_URL: 'smtps://mail.example.com',
      HEARBACK_PUBLIC_URL: 'https://hb.example.com/',
    });
    expect(config).toMatchObject({ smtpUrl: 'smtps://mail.example.com', publicUrl: 'https://hb.example.com' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ HEARBACK_DEFAULT_PLAN: 'platinum' }, 'HEARBACK_DEFAULT_PLAN'],
    [{ HEARBACK_EVENT_RETENTION_DAYS: '0' }, 'HEARBACK_EVENT_RETENTION_DAYS'],
    [{ HEARBACK_WEBHOOK_DELIVERY_RETENTION_DAYS: 'forever' }, 'HEARBACK_WEBHOOK_DELIVERY_RETENTION_DAYS'],
    [{ HEARBACK_JOB_STOP_GRACE_MS: '-1' }, 'HEARBACK_JOB_STOP_GRACE_MS'],
    [{ HEARBACK_SEARCH: 'openai' }, 'HEARBACK_EMBEDDINGS_URL'],
    [{ HEARBACK_MCP_ALLOWED_ORIGINS: 'ftp://files.example.com' }, 'HEARBACK_MCP_ALLOWED_ORIGINS'],
    [{ HEARBACK_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8, 10.0.0/8' }, "HEARBACK_WEBHOOK_ALLOWED_CIDRS: '10.0.0/8'"],
    [{ HEARBACK_WEBHOOK_ALLOWED_CIDRS: '192.168.0.0/33' }, 'HEARBACK_WEBHOOK_ALLOWED_CIDRS'],
    [{ HEARBACK_WEBHOOK_ALLOWED_CIDRS: 'localhost' }, 'HEARBACK_WEBHOOK_ALLOWED_CIDRS'],
    [{ HEARBACK_TRUSTED_PROXIES: 'proxy.internal' }, "HEARBACK_TRUSTED_PROXIES: 'proxy.internal'"],
    // Its links would lead wherever a request's Host header says: a reset mailed to anyone's address
    // could carry its token to the sender's host.
    [{ HEARBACK_SMTP_URL: 'smtps://mail.example.com' }, 'HEARBACK_SMTP_URL needs HEARBACK_PUBLIC_URL'],
  ])('refuses %o with a ConfigError naming %s', (environment, name) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(name);
  });
});

describe('logLevelFrom', () => {
  it('reads the level a failing command reports at, even from an environment loadConfig refuses', () => {
    expect(logLevelFrom({ HEARBACK_LOG_LEVEL: 'debug', PORT: 'eighty' })).toBe('debug');
    expect(logLevelFrom({})).toBe(loadConfig({}).logLevel);
    expect(logLevelFrom({ HEARBACK_LOG_LEVEL: 'loud' })).toBe('info');
  });
});
