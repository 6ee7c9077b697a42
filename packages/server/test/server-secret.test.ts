import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config.js';
import type { Logger } from '../src/logger.js';
import { createRuntime, type Runtime } from '../src/runtime.js';
import { SECRET_FILE_NAME } from '../src/secrets/secret-file.js';
import { ServerSecretError } from '../src/secrets/server-secrets.js';
import { expectJson, type Json } from './support/api-assertions.js';
import { capturingLogger } from './support/capturing-logger.js';
import { dialectsUnderTest, postgresAdminUrl, requestApp } from './support/harness.js';
import { createTestDatabase } from './support/postgres-server.js';

const newSecret = () => randomBytes(32).toString('base64url');

/** An idempotent API key creation: its response holds the new key's secret. */
async function createKeyOnce(runtime: Runtime, adminKey: string, orgId: string, idempotencyKey: string): Promise<Json> {
  const response = await requestApp(runtime, `/organizations/${orgId}/api-keys`, {
    method: 'POST',
    key: adminKey,
    headers: { 'Idempotency-Key': idempotencyKey },
    json: { name: 'Deploy', scopes: ['collect'] },
  });
  return { ...(await expectJson(response, 201)), replayed: response.headers.get('idempotent-replayed') === 'true' };
}

for (const dialect of dialectsUnderTest()) {
  describe(`the server secret [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /** A data directory and a database of this dialect that several runtimes can open in turn. */
    async function storage(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
      const dataDir = mkdtempSync(join(tmpdir(), 'hearback-secret-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      if (dialect !== 'postgres') return { dataDir, databaseUrl: undefined };
      const database = await createTestDatabase(postgresAdminUrl());
      cleanups.push(() => database.drop());
      return { dataDir, databaseUrl: database.url };
    }

    async function open(env: Record<string, string>, overrides: Partial<Config>, logger?: Logger): Promise<Runtime> {
      const search = { embedder: 'off', idleMs: 0 } as const;
      const config = loadConfig(env, { runJobs: false, search, ...overrides });
      return createRuntime(config, logger);
    }

    it('without HEARBACK_SECRET: generated into the data directory on first start, kept across restarts', async () => {
      const place = await storage();
      const logger = capturingLogger();
      const first = await open({}, place, logger);
      const secretText = readFileSync(join(place.dataDir, SECRET_FILE_NAME), 'utf8').trim();
      const org = await first.services.organizations.bootstrap({ name: 'Acme' });
      const created = await createKeyOnce(first, org.adminKey, org.organization.id, 'deploy-1');
      await first.close();

      const second = await open({}, place, logger);
      const replayed = await createKeyOnce(second, org.adminKey, org.organization.id, 'deploy-1');
      expect(replayed).toMatchObject({ id: created.id, secret: created.secret, replayed: true });
      await second.close();

      // The file's content is the secret: given as HEARBACK_SECRET (to other processes), it is the same.
      const fromEnvironment = await open({ HEARBACK_SECRET: secretText }, place);
      cleanups.push(() => fromEnvironment.close());
      expect(await createKeyOnce(fromEnvironment, org.adminKey, org.organization.id, 'deploy-1')).toMatchObject({
        secret: created.secret,
        replayed: true,
      });

      expect(logger.text()).toContain('server secret generated');
      expect(logger.text()).toContain(join(place.dataDir, SECRET_FILE_NAME));
      expect(logger.text()).not.toContain(secretText);
      // On PostgreSQL several processes share one database: the log says they need one secret.
      expect(logger.text().includes('set HEARBACK_SECRET')).toBe(dialect === 'postgres');
    });

    it('with HEARBACK_SECRET: no file is written, and a process with another secret cannot open stored responses', async () => {
      const place = await storage();
      const logger = capturingLogger();
      const secret = newSecret();
      const first = await open({ HEARBACK_SECRET: secret }, place, logger);
      const org = await first.services.organizations.bootstrap({ name: 'Acme' });
      const created = await createKeyOnce(first, org.adminKey, org.organization.id, 'deploy-1');
      await first.close();
      expect(readdirSync(place.dataDir)).not.toContain(SECRET_FILE_NAME);
      expect(logger.text()).not.toContain(secret);
      expect(logger.text()).not.toContain('HEARBACK_SECRET');

      // Another secret finds no record for the key: the retry runs again, the old secret stays sealed.
      const other = await open({ HEARBACK_SECRET: newSecret() }, place);
      const rerun = await createKeyOnce(other, org.adminKey, org.organization.id, 'deploy-1');
      expect(rerun.replayed).toBe(false);
      expect(rerun.id).not.toBe(created.id);
      await other.close();

      const same = await open({ HEARBACK_SECRET: secret }, place);
      cleanups.push(() => same.close());
      expect(await createKeyOnce(same, org.adminKey, org.organization.id, 'deploy-1')).toMatchObject({
        id: created.id,
        secret: created.secret,
        replayed: true,
      });
    });

    it('an unusable secret file stops the start with a message naming it', async () => {
      const place = await storage();
      writeFileSync(join(place.dataDir, SECRET_FILE_NAME), `${newSecret()}\n`, { mode: 0o640 });
      await expect(open({}, place)).rejects.toThrow(ServerSecretError);
      await expect(open({}, place)).rejects.toThrow(/readable by other users \(mode 0640\); run `chmod 600/);
    });
  });
}
