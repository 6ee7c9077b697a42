import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createRuntime, type Runtime } from '../src/runtime.js';
import { PENDING_SECRET_FILE_NAME } from '../src/secrets/pending-secret-file.js';
import { openSigningSecret, sealSigningSecret } from '../src/secrets/sealed-values.js';
import { SECRET_FILE_NAME } from '../src/secrets/secret-file.js';
import { ServerSecrets } from '../src/secrets/server-secrets.js';
import { rotateMasterSecret } from '../src/services/master-secret-rotation.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { expectJson, expectProblem } from './support/api-assertions.js';
import { BUILD_TIMEOUT_MS, CLI, CLI_ENV, ensureBuilt, spawnServe } from './support/built-cli.js';
import { dialectsUnderTest, postgresAdminUrl, requestApp, sharedTestDatabase } from './support/harness.js';
import { createTestDatabase } from './support/postgres-server.js';

const execFileAsync = promisify(execFile);
const newSecret = () => randomBytes(32).toString('base64url');

interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** `hearback secrets rotate-master` as shipped, on `place`'s database. */
async function rotateMaster(place: Place, env: Record<string, string>, ...args: string[]) {
  const childEnv = { ...CLI_ENV, DATABASE_URL: place.databaseUrl ?? '', ...env };
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [CLI, 'secrets', 'rotate-master', '--data-dir', place.dataDir, ...args],
      { env: childEnv },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

beforeAll(ensureBuilt, BUILD_TIMEOUT_MS);

for (const dialect of dialectsUnderTest()) {
  describe(`hearback secrets rotate-master [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    /**
     * A migrated database (a copy of the run's template) with a data directory holding no secret
     * file; `empty`: nothing at all, not even the SQLite file or the schema.
     */
    async function newPlace(options: { empty?: boolean } = {}): Promise<Place> {
      if (!options.empty) {
        const database = await sharedTestDatabase(dialect);
        cleanups.push(() => database.cleanup());
        return { dataDir: database.dataDir, databaseUrl: database.databaseUrl };
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'hearback-rotate-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      if (dialect !== 'postgres') return { dataDir, databaseUrl: undefined };
      const database = await createTestDatabase(postgresAdminUrl());
      cleanups.push(() => database.drop());
      return { dataDir, databaseUrl: database.url };
    }

    async function open(place: Place, env: Record<string, string> = {}): Promise<Runtime> {
      const search = { embedder: 'off', idleMs: 0 } as const;
      const config = loadConfig(env, { ...place, runJobs: false, logLevel: 'silent', search });
      const runtime = await createRuntime(config);
      cleanups.push(() => runtime.close());
      return runtime;
    }

    /** What a rotation must carry over: secrets of two organizations, a signing secret, a replay record. */
    interface Seeded {
      org: BootstrappedOrganization;
      values: Record<string, Record<string, string>>;
      automationId: string;
      signingSecret: string;
      ssoClientSecret: string;
    }

    async function seed(runtime: Runtime): Promise<Seeded> {
      const org = await runtime.services.organizations.bootstrap({ name: 'Rotating' });
      const other = await runtime.services.organizations.bootstrap({ name: 'Other' });
      const values: Record<string, Record<string, string>> = {
        [org.organization.id]: { SLACK_TOKEN: `slack-${newSecret()}`, API_PASSWORD: `pw-${newSecret()}` },
        [other.organization.id]: { SLACK_TOKEN: `other-${newSecret()}` },
      };
      for (const [orgId, secrets] of Object.entries(values)) {
        const adminKey = orgId === org.organization.id ? org.adminKey : other.adminKey;
        for (const [name, value] of Object.entries(secrets)) {
          const response = await requestApp(runtime, `/organizations/${orgId}/secrets`, {
            method: 'POST',
            key: adminKey,
            json: { name, value },
            // A replay record, sealed with the master secret too.
            headers: { 'Idempotency-Key': `create-${name}` },
          });
          await expectJson(response, 201);
        }
      }
      // An automation row as the automations API stores it: only its signing secret matters here.
      const automationId = 'auto_01jd3x2k9v6c4h8m2n5p7q1r3s';
      const signingSecret = `whsec_${randomBytes(24).toString('base64')}`;
      const now = new Date().toISOString();
      await runtime.database.db
        .insertInto('automations')
        .values({
          id: automationId,
          org_id: org.organization.id,
          kind: 'automation',
          name: 'Notify',
          events: '["feedback.created"]',
          filter: '{}',
          enabled: 1,
          url: 'https://example.com/hook',
          method: 'POST',
          headers: '{}',
          body_template: null,
          sealed_signing_secret: sealSigningSecret(runtime.secrets, automationId, signingSecret),
          disabled_reason: null,
          failing_since: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // Single sign-on of the first organization: its client secret is sealed too.
      const ssoClientSecret = `sso-${newSecret()}`;
      const admin = await runtime.services.apiKeys.authenticate(org.adminKey);
      await runtime.services.sso.put(
        admin,
        {
          issuer: 'https://login.example.com',
          clientId: 'hearback',
          clientSecret: ssoClientSecret,
          emailDomains: ['rotating.example'],
          defaultRole: 'member',
        },
        'http://localhost',
      );
      return { org, values, automationId, signingSecret, ssoClientSecret };
    }

    /** Every secret value and the signing secret, as `runtime` (its master secret) opens them. */
    async function opened(runtime: Runtime, seeded: Seeded) {
      const values: Record<string, Record<string, string>> = {};
      for (const orgId of Object.keys(seeded.values)) {
        values[orgId] = Object.fromEntries(await runtime.services.organizationSecrets.valuesFor(orgId));
      }
      const row = await runtime.database.db
        .selectFrom('automations')
        .select('sealed_signing_secret')
        .where('id', '=', seeded.automationId)
        .executeTakeFirstOrThrow();
      let signingSecret: string | undefined;
      try {
        signingSecret = openSigningSecret(runtime.secrets, seeded.automationId, row.sealed_signing_secret);
      } catch {
        signingSecret = undefined;
      }
      const ssoClientSecret = await runtime.services.sso
        .providerOf(seeded.org.organization.id)
        .then((provider) => provider?.clientSecret)
        .catch(() => undefined);
      return { values, signingSecret, ssoClientSecret };
    }

    /** One secret `STRAY` sealed under another master secret (written by a server that had another one). */
    async function sealStray(place: Place, seeded: Seeded): Promise<void> {
      const stray = await open(place, { HEARBACK_SECRET: newSecret() });
      await stray.services.organizationSecrets.put(
        {
          actor: { type: 'api_key', id: 'key_x' },
          orgId: seeded.org.organization.id,
          brandId: null,
          scopes: new Set(['write']),
        },
        'STRAY',
        { value: 'stray-value' },
      );
      await stray.close();
    }

    const secretFile = (place: Place) => join(place.dataDir, SECRET_FILE_NAME);

    it('with the secret file: re-seals everything under a new file (0600); the old secret opens nothing', async () => {
      const place = await newPlace();
      const before = await open(place);
      const seeded = await seed(before);
      await before.close();
      const oldText = readFileSync(secretFile(place), 'utf8').trim();

      const result = await rotateMaster(place, {});
      expect(result, result.stderr).toMatchObject({ code: 0 });
      expect(result.stdout).toContain(`the current one is ${secretFile(place)}`);
      expect(result.stdout).toContain('must be stopped');
      expect(result.stdout).toContain(
        'Re-sealed 3 organization secrets, 1 webhook signing secret and 1 SSO client secret in one transaction.',
      );
      expect(result.stdout).toContain('Deleted 3 idempotency records');
      expect(result.stdout).toContain(`The new secret is in ${secretFile(place)} (mode 0600)`);

      const newText = readFileSync(secretFile(place), 'utf8').trim();
      expect(newText).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(newText).not.toBe(oldText);
      expect(statSync(secretFile(place)).mode & 0o777).toBe(0o600);
      expect(readdirSync(place.dataDir)).not.toContain(PENDING_SECRET_FILE_NAME);
      // The secrets never appear in what the command prints.
      expect(result.stdout + result.stderr).not.toContain(newText);
      expect(result.stdout + result.stderr).not.toContain(oldText);

      const after = await open(place);
      expect(await opened(after, seeded)).toEqual({
        values: seeded.values,
        signingSecret: seeded.signingSecret,
        ssoClientSecret: seeded.ssoClientSecret,
      });
      // The replay record is gone: the same Idempotency-Key now runs again (and finds the name taken).
      const retry = await requestApp(after, `/organizations/${seeded.org.organization.id}/secrets`, {
        method: 'POST',
        key: seeded.org.adminKey,
        json: { name: 'SLACK_TOKEN', value: seeded.values[seeded.org.organization.id]?.SLACK_TOKEN },
        headers: { 'Idempotency-Key': 'create-SLACK_TOKEN' },
      });
      await expectProblem(retry, 409, 'conflict');
      await after.close();

      const withOldSecret = await open(place, { HEARBACK_SECRET: oldText });
      expect(await opened(withOldSecret, seeded)).toEqual({
        values: Object.fromEntries(Object.keys(seeded.values).map((orgId) => [orgId, {}])),
        signingSecret: undefined,
        ssoClientSecret: undefined,
      });
    });

    it('with HEARBACK_SECRET: prints a generated secret once, with a warning, and writes no file', async () => {
      const place = await newPlace();
      const oldSecret = newSecret();
      const before = await open(place, { HEARBACK_SECRET: oldSecret });
      const seeded = await seed(before);
      await before.close();

      const result = await rotateMaster(place, { HEARBACK_SECRET: oldSecret });
      expect(result, result.stderr).toMatchObject({ code: 0 });
      expect(result.stdout).toContain('WARNING: the new secret, shown this once');
      const printed = [...result.stdout.matchAll(/^HEARBACK_SECRET=(\S+)$/gm)].map((match) => match[1]);
      expect(printed).toHaveLength(1);
      const newText = printed[0] as string;
      expect(newText).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(result.stdout.split(newText)).toHaveLength(2);
      expect(result.stdout).toContain('Set HEARBACK_SECRET to the value shown above');
      expect(readdirSync(place.dataDir).filter((name) => name.startsWith(SECRET_FILE_NAME))).toEqual([]);

      const after = await open(place, { HEARBACK_SECRET: newText });
      expect(await opened(after, seeded)).toEqual({
        values: seeded.values,
        signingSecret: seeded.signingSecret,
        ssoClientSecret: seeded.ssoClientSecret,
      });
    });

    it('with HEARBACK_SECRET and --new-secret-file: uses that secret and prints none', async () => {
      const place = await newPlace();
      const oldSecret = newSecret();
      const before = await open(place, { HEARBACK_SECRET: oldSecret });
      const seeded = await seed(before);
      await before.close();
      const newText = newSecret();
      const newFile = join(place.dataDir, 'next-secret');
      writeFileSync(newFile, `${newText}\n`, { mode: 0o600 });
      // A secret file from before HEARBACK_SECRET was set: left alone, and the output says so.
      writeFileSync(secretFile(place), `${oldSecret}\n`, { mode: 0o600 });

      const result = await rotateMaster(place, { HEARBACK_SECRET: oldSecret }, '--new-secret-file', newFile);
      expect(result, result.stderr).toMatchObject({ code: 0 });
      expect(result.stdout).not.toContain(newText);
      expect(result.stdout).toContain(`Set HEARBACK_SECRET to the content of ${newFile}`);
      expect(result.stdout).toContain(
        `${secretFile(place)} (not used while HEARBACK_SECRET is set) was left as it was`,
      );
      expect(readFileSync(secretFile(place), 'utf8')).toBe(`${oldSecret}\n`);
      const after = await open(place, { HEARBACK_SECRET: newText });
      expect(await opened(after, seeded)).toEqual({
        values: seeded.values,
        signingSecret: seeded.signingSecret,
        ssoClientSecret: seeded.ssoClientSecret,
      });
    });

    it('refuses, changing nothing, when a stored value does not open with the current secret', async () => {
      const place = await newPlace();
      const before = await open(place);
      const seeded = await seed(before);
      await sealStray(place, seeded);
      await before.close();
      const fileBefore = readFileSync(secretFile(place), 'utf8');

      const result = await rotateMaster(place, {});
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `1 stored value(s) do not open with the current server secret, so they cannot be re-sealed: secret STRAY of ${seeded.org.organization.id}`,
      );
      expect(result.stderr).toContain('Nothing was changed');
      expect(result.stderr).not.toContain('stray-value');
      expect(readFileSync(secretFile(place), 'utf8')).toBe(fileBefore);
      expect(readdirSync(place.dataDir)).not.toContain(PENDING_SECRET_FILE_NAME);
      const after = await open(place);
      expect(await opened(after, seeded)).toEqual({
        values: seeded.values,
        signingSecret: seeded.signingSecret,
        ssoClientSecret: seeded.ssoClientSecret,
      });
    });

    it('with HEARBACK_SECRET: refuses before making a new secret, and shows none, when a stored value does not open', async () => {
      const place = await newPlace();
      const oldSecret = newSecret();
      const before = await open(place, { HEARBACK_SECRET: oldSecret });
      const seeded = await seed(before);
      await sealStray(place, seeded);
      await before.close();

      const result = await rotateMaster(place, { HEARBACK_SECRET: oldSecret });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('1 stored value(s) do not open with the current server secret');
      expect(result.stderr).toContain('Nothing was changed');
      expect(result.stderr).toContain('(Keep using the current HEARBACK_SECRET.)');
      // No secret was made: nothing on either stream tells the operator to keep or set one.
      const output = result.stdout + result.stderr;
      expect(output).not.toContain('WARNING');
      expect(output).not.toMatch(/HEARBACK_SECRET=/);
      expect(output).not.toContain('shown this once');
      expect(readdirSync(place.dataDir).filter((name) => name.startsWith(SECRET_FILE_NAME))).toEqual([]);
      const after = await open(place, { HEARBACK_SECRET: oldSecret });
      expect(await opened(after, seeded)).toEqual({
        values: seeded.values,
        signingSecret: seeded.signingSecret,
        ssoClientSecret: seeded.ssoClientSecret,
      });
    });

    it('refuses without a database or a secret to rotate, or with an unusable new secret file', async () => {
      const empty = await newPlace({ empty: true });
      const noDatabase = await rotateMaster(empty, { HEARBACK_SECRET: newSecret() });
      expect(noDatabase.code).toBe(1);
      expect(noDatabase.stderr).toContain(
        dialect === 'postgres' ? 'has no Hearback tables' : `There is no Hearback database in ${empty.dataDir}`,
      );
      expect(noDatabase.stdout).toBe('');
      expect(readdirSync(empty.dataDir)).toEqual([]);

      const place = await newPlace();
      const none = await rotateMaster(place, {});
      expect(none.code).toBe(1);
      expect(none.stderr).toContain(
        `No server secret to rotate: HEARBACK_SECRET is not set and ${secretFile(place)} does not exist`,
      );
      (await open(place)).close();
      const fileBefore = readFileSync(secretFile(place), 'utf8');
      const readable = join(place.dataDir, 'readable-secret');
      writeFileSync(readable, `${newSecret()}\n`, { mode: 0o644 });
      const refused = await rotateMaster(place, {}, '--new-secret-file', readable);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `The new secret file (--new-secret-file) ${readable} is readable by other users (mode 0644)`,
      );
      // About the file passed, not the advice for the data directory's own secret file.
      const short = join(place.dataDir, 'short-secret');
      writeFileSync(short, 'too short\n', { mode: 0o600 });
      const tooShort = await rotateMaster(place, {}, '--new-secret-file', short);
      expect(tooShort.code).toBe(1);
      expect(tooShort.stderr).toContain(
        `The new secret file (--new-secret-file) ${short} is too short (9 characters; at least 32). Write a longer secret to it`,
      );
      expect(tooShort.stderr).not.toContain('Restore it from a backup');
      const missing = join(place.dataDir, 'no-such-secret');
      const absent = await rotateMaster(place, {}, '--new-secret-file', missing);
      expect(absent.code).toBe(1);
      expect(absent.stderr).toContain(`The new secret file (--new-secret-file) ${missing} does not exist.`);
      expect(absent.stderr).not.toContain('ENOENT');
      const same = join(place.dataDir, 'same-secret');
      writeFileSync(same, fileBefore, { mode: 0o600 });
      const unchanged = await rotateMaster(place, {}, '--new-secret-file', same);
      expect(unchanged.code).toBe(1);
      expect(unchanged.stderr).toContain('The new secret is the current one');
      expect(readFileSync(secretFile(place), 'utf8')).toBe(fileBefore);
    });

    it('finishes a rotation interrupted after its commit, and discards one interrupted before it', async () => {
      const place = await newPlace();
      const runtime = await open(place);
      const seeded = await seed(runtime);
      const oldText = readFileSync(secretFile(place), 'utf8').trim();
      // The state a crash between the commit and the rename leaves: re-sealed, the new secret pending.
      const newText = newSecret();
      await rotateMasterSecret(runtime.store, runtime.secrets, new ServerSecrets(newText));
      await runtime.close();
      writeFileSync(join(place.dataDir, PENDING_SECRET_FILE_NAME), `${newText}\n`, { mode: 0o600 });

      const finished = await rotateMaster(place, {});
      expect(finished, finished.stderr).toMatchObject({ code: 0 });
      expect(finished.stdout).toContain('Finished an interrupted rotation');
      expect(readFileSync(secretFile(place), 'utf8').trim()).toBe(newText);
      expect(readdirSync(place.dataDir)).not.toContain(PENDING_SECRET_FILE_NAME);
      const after = await open(place);
      expect(await opened(after, seeded)).toEqual({
        values: seeded.values,
        signingSecret: seeded.signingSecret,
        ssoClientSecret: seeded.ssoClientSecret,
      });
      await after.close();

      // A crash before the commit: the pending secret opens nothing; it is discarded, and the rotation runs.
      writeFileSync(join(place.dataDir, PENDING_SECRET_FILE_NAME), `${oldText}\n`, { mode: 0o600 });
      const rerun = await rotateMaster(place, {});
      expect(rerun, rerun.stderr).toMatchObject({ code: 0 });
      expect(rerun.stdout).toContain(`Discarded ${join(place.dataDir, PENDING_SECRET_FILE_NAME)}`);
      expect(rerun.stdout).toContain('Re-sealed 3 organization secrets');
      const rotatedText = readFileSync(secretFile(place), 'utf8').trim();
      expect([newText, oldText]).not.toContain(rotatedText);
      const final = await open(place);
      expect(await opened(final, seeded)).toEqual({
        values: seeded.values,
        signingSecret: seeded.signingSecret,
        ssoClientSecret: seeded.ssoClientSecret,
      });
    });
  });
}

describe('hearback serve with secrets', () => {
  it('logs no secret value, whatever the requests (debug level)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearback-secret-log-'));
    const init = await execFileAsync(process.execPath, [CLI, 'init', '--json', '--data-dir', dataDir], {
      env: CLI_ENV,
    });
    const { orgId, adminKey } = JSON.parse(init.stdout) as { orgId: string; adminKey: string };
    const server = await spawnServe(dataDir, { HEARBACK_LOG_LEVEL: 'debug', HEARBACK_SEARCH: 'off' });
    try {
      const values = [`created-${newSecret()}`, `refused-${newSecret()}`, `replaced-${newSecret()}`];
      const send = (method: string, path: string, body: unknown) =>
        fetch(`${server.url}/organizations/${orgId}/secrets${path}`, {
          method,
          headers: { 'content-type': 'application/json', 'x-service-key': adminKey },
          body: JSON.stringify(body),
        });
      expect((await send('POST', '', { name: 'LOGGED', value: values[0] })).status).toBe(201);
      expect((await send('POST', '', { name: 'LOGGED', value: values[1] })).status).toBe(409);
      expect((await send('POST', '', { name: 'bad name', value: values[1] })).status).toBe(400);
      expect((await send('PUT', '/LOGGED', { value: values[2], extra: true })).status).toBe(400);
      expect((await send('PUT', '/LOGGED', { value: values[2] })).status).toBe(200);
      expect(await server.stop()).toBe(0);
      for (const value of values) expect(server.output()).not.toContain(value);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
