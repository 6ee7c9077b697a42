import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SECRET_FILE_NAME } from '../src/secrets/secret-file.js';
import { SQLITE_FILE_NAME } from '../src/storage/sqlite/sqlite-dialect.js';
import { runCli, spawnServe, useBuiltCli } from './support/built-cli.js';

// `hearback backup` as shipped, against a server that keeps writing: what a self-hoster's nightly
// cron job does, then what they do the day they need it back.

interface Keys {
  orgId: string;
  inboxKey: string;
  adminKey: string;
  collectKey: string;
}

describe('hearback backup', () => {
  const newDir = useBuiltCli('backup');

  /** The feedback ids of a backup, once SQLite's own check of the whole file passes. */
  function feedbackIdsIn(file: string): Set<string> {
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      return new Set((copy.prepare('select id from feedback').all() as { id: string }[]).map((row) => row.id));
    } finally {
      copy.close();
    }
  }

  async function collect(url: string, keys: Keys, comment: string): Promise<string> {
    const response = await fetch(`${url}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': keys.collectKey },
      body: JSON.stringify({ inboxKey: keys.inboxKey, type: 'text', comment }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('copies a running server’s database whole, and the copy serves again', async () => {
    const dataDir = newDir();
    const init = await runCli(['init', '--json', '--data-dir', dataDir]);
    expect(init.code).toBe(0);
    const keys = JSON.parse(init.stdout) as Keys;
    const server = await spawnServe(dataDir, { HEARBACK_SEARCH: 'off' });
    const target = join(newDir(), 'nightly.db');
    let acknowledged: string[] = [];
    try {
      for (let n = 0; n < 20; n++) acknowledged.push(await collect(server.url, keys, `before ${n}`));
      // Just committed, these rows are still in the write-ahead log, not yet in hearback.db itself.
      const quiet = join(newDir(), 'quiet.db');
      expect((await runCli(['backup', '--to', quiet, '--data-dir', dataDir])).code).toBe(0);
      expect(feedbackIdsIn(quiet)).toEqual(new Set(acknowledged));
      // The server keeps committing while the copy is taken.
      let writing = true;
      const during: string[] = [];
      const writer = (async () => {
        while (writing) during.push(await collect(server.url, keys, 'during'));
      })();
      const backup = await runCli(['backup', '--to', target, '--data-dir', dataDir]);
      writing = false;
      await writer;
      acknowledged = [...acknowledged, ...during];
      expect(during.length).toBeGreaterThan(0);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(
        /^Backed up .*hearback\.db to .*nightly\.db: [\d.]+ MB, [\d,]+ feedback items, checked/,
      );
      expect(backup.stdout).toContain('Keep the server secret with it');
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // A consistent copy: SQLite's own check passes, and every item acknowledged before it began is in it.
    const stored = feedbackIdsIn(target);
    for (const id of acknowledged.slice(0, 20)) expect(stored.has(id)).toBe(true);
    // Items collected during the copy are in it or not, each whole: none half-written.
    expect(stored.size).toBeGreaterThanOrEqual(20);
    expect(stored.size).toBeLessThanOrEqual(acknowledged.length);

    // Restored as the README says: the copy as hearback.db beside the server secret.
    const restored = newDir();
    copyFileSync(target, join(restored, SQLITE_FILE_NAME));
    writeFileSync(join(restored, SECRET_FILE_NAME), readFileSync(join(dataDir, SECRET_FILE_NAME)), { mode: 0o600 });
    const again = await spawnServe(restored, { HEARBACK_SEARCH: 'off' });
    try {
      const listed = await fetch(`${again.url}/organizations/${keys.orgId}/feedback?limit=200`, {
        headers: { 'x-service-key': keys.adminKey },
      });
      expect(listed.status).toBe(200);
      const { data } = (await listed.json()) as { data: { id: string }[] };
      expect(new Set(data.map((item) => item.id))).toEqual(stored);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('never overwrites a file, and says so', async () => {
    const dataDir = newDir();
    expect((await runCli(['init', '--data-dir', dataDir])).code).toBe(0);
    const target = join(newDir(), 'taken.db');
    writeFileSync(target, 'last week’s backup');
    const result = await runCli(['backup', '--to', target, '--data-dir', dataDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${target} exists; a backup never overwrites a file`);
    expect(readFileSync(target, 'utf8')).toBe('last week’s backup');
  });

  it('says when the data directory holds no database, and creates none', async () => {
    const empty = newDir();
    const target = join(newDir(), 'copy.db');
    const result = await runCli(['backup', '--to', target, '--data-dir', empty]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`There is no Hearback database in ${empty}`);
    expect(existsSync(join(empty, SQLITE_FILE_NAME))).toBe(false);
    expect(existsSync(target)).toBe(false);
  });

  it('points PostgreSQL users to pg_dump (exit 2), reading nothing', async () => {
    const target = join(newDir(), 'copy.db');
    const result = await runCli(['backup', '--to', target], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('use pg_dump');
    expect(existsSync(target)).toBe(false);
  });
});
