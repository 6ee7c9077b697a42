import { execFile } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecretFile, resolveServerSecrets, SECRET_FILE_NAME } from './secret-file.js';
import { ServerSecretError, ServerSecrets } from './server-secrets.js';

const run = promisify(execFile);
const MODULE = fileURLToPath(new URL('./secret-file.ts', import.meta.url));

describe('the secret file in the data directory', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearback-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** A MAC under the file's secret: equal MACs, equal secrets (the secret itself stays inside). */
  const fingerprint = (secrets: ServerSecrets) => secrets.mac('idempotency-key-hash', 'probe');

  it('is generated on first start (mode 0600, 43 random characters) and read, unchanged, afterwards', () => {
    const dataDir = join(newDir(), 'not-yet-created');
    const first = loadOrCreateSecretFile(dataDir);
    expect(first).toMatchObject({ created: true, path: join(dataDir, SECRET_FILE_NAME) });
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.path, 'utf8')).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    // No temporary file is left behind.
    expect(readdirSync(dataDir)).toEqual([SECRET_FILE_NAME]);

    const before = readFileSync(first.path, 'utf8');
    const again = loadOrCreateSecretFile(dataDir);
    expect(again.created).toBe(false);
    expect(readFileSync(first.path, 'utf8')).toBe(before);
    expect(fingerprint(again.secrets)).toBe(fingerprint(first.secrets));
  });

  it('is generated once when several processes start at the same time, and all of them read that one', async () => {
    const dataDir = newDir();
    // A start line all four wait for once loaded, so their checks and creations really overlap.
    const startAt = Date.now() + 2500;
    const script = `import(${JSON.stringify(MODULE)}).then((m) => {
      while (Date.now() < ${startAt}) {}
      const file = m.loadOrCreateSecretFile(${JSON.stringify(dataDir)});
      process.stdout.write(JSON.stringify({ created: file.created, mac: file.secrets.mac('idempotency-key-hash', 'probe') }));
    })`;
    const results = await Promise.all(
      Array.from({ length: 4 }, async () =>
        JSON.parse((await run(process.execPath, ['--import', 'tsx', '-e', script])).stdout),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.mac)).size).toBe(1);
    expect(fingerprint(loadOrCreateSecretFile(dataDir).secrets)).toBe(results[0].mac);
    expect(readdirSync(dataDir)).toEqual([SECRET_FILE_NAME]);
  });

  it('is refused, with the fix named, when others may read it', () => {
    const dataDir = newDir();
    const { path } = loadOrCreateSecretFile(dataDir);
    chmodSync(path, 0o644);
    expect(() => loadOrCreateSecretFile(dataDir)).toThrow(ServerSecretError);
    expect(() => loadOrCreateSecretFile(dataDir)).toThrow(`mode 0644); run \`chmod 600 ${path}\``);
  });

  it('is refused when too short, and the message does not show what it holds', () => {
    const dataDir = newDir();
    writeFileSync(join(dataDir, SECRET_FILE_NAME), 'tooshortsecret\n', { mode: 0o600 });
    expect(() => loadOrCreateSecretFile(dataDir)).toThrow(/too short \(14 characters; at least 32\)/);
    try {
      loadOrCreateSecretFile(dataDir);
    } catch (error) {
      expect(String(error)).not.toContain('tooshortsecret');
    }
    // Never overwritten, even when unusable.
    expect(readFileSync(join(dataDir, SECRET_FILE_NAME), 'utf8')).toBe('tooshortsecret\n');
  });

  it('is refused when it cannot be read: a directory in its place, a dangling link', () => {
    const asDirectory = newDir();
    mkdirSync(join(asDirectory, SECRET_FILE_NAME));
    expect(() => loadOrCreateSecretFile(asDirectory)).toThrow(/is not a regular file/);

    const dangling = newDir();
    symlinkSync(join(dangling, 'gone'), join(dangling, SECRET_FILE_NAME));
    expect(() => loadOrCreateSecretFile(dangling)).toThrow(ServerSecretError);
    expect(() => loadOrCreateSecretFile(dangling)).toThrow(/cannot be read or created \(ENOENT\); set HEARBACK_SECRET/);
  });

  it('is not used, nor written, when HEARBACK_SECRET is set', () => {
    const dataDir = newDir();
    const configured = new ServerSecrets('c'.repeat(40));
    const resolved = resolveServerSecrets(configured, dataDir);
    expect(resolved).toEqual({ secrets: configured });
    expect(readdirSync(dataDir)).toEqual([]);
    expect(resolveServerSecrets(undefined, dataDir).file?.created).toBe(true);
  });
});
