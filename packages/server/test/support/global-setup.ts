/// <reference path="./provided-context.d.ts" />
import { availableParallelism } from 'node:os';
import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, type PostgresServer, startPostgres } from './postgres-server.js';
import { useScratchDirectory } from './scratch-directory.js';
import { createTemplateDatabases } from './template-databases.js';

const MISSING_IN_CI =
  'PostgreSQL is required in CI but initdb/pg_ctl/postgres were not found ' +
  '(searched /usr/lib/postgresql/*/bin and PATH). Install the Debian package `postgresql`.';

// Loud on purpose: silently skipped database tests look exactly like passing ones.
const MISSING_LOCALLY = [
  '',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  '!! PostgreSQL NOT FOUND: the PostgreSQL test cases are SKIPPED.',
  '!! Searched /usr/lib/postgresql/*/bin and PATH for initdb, pg_ctl, postgres.',
  '!! Install PostgreSQL (Debian/Ubuntu: apt-get install postgresql) to run them.',
  '!! In CI (CI=true) a missing PostgreSQL is an error, not a skip.',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  '',
].join('\n');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // First: the PostgreSQL clusters and the SQLite template go there too.
  const removeScratch = useScratchDirectory();
  let servers: PostgresServer[] = [];
  if (findPostgresBinaries()) {
    // One server per worker, not one database per file on a shared server: the outbox relay reads
    // `pg_snapshot_xmin`, which any transaction open in any database of the server holds back, so
    // files running side by side on one server would stall each other's relays.
    // maxWorkers is resolved (1 under --no-file-parallelism); unset, vitest runs one less than the cores.
    const workers = project.config.maxWorkers || Math.max(availableParallelism() - 1, 1);
    servers = await Promise.all(Array.from({ length: workers }, () => startPostgres()));
  } else {
    if (process.env.CI === 'true') throw new Error(MISSING_IN_CI);
    process.stderr.write(`${MISSING_LOCALLY}\n`);
  }
  const stopServers = () => Promise.all(servers.map((server) => server.stop()));
  const urls = servers.map((server) => server.url);
  try {
    const templates = await createTemplateDatabases(urls);
    project.provide('postgresUrls', urls);
    project.provide('sqliteTemplate', templates.sqliteFile);
    return async () => {
      await templates.remove();
      await stopServers();
      removeScratch();
    };
  } catch (error) {
    await stopServers();
    removeScratch();
    throw error;
  }
}
