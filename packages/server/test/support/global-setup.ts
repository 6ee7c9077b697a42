/// <reference path="./provided-context.d.ts" />
import type { TestProject } from 'vitest/node';
import { findPostgresBinaries, startPostgres } from './postgres-server.js';

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

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!findPostgresBinaries()) {
    if (process.env.CI === 'true') throw new Error(MISSING_IN_CI);
    process.stderr.write(`${MISSING_LOCALLY}\n`);
    project.provide('postgresUrl', '');
    return undefined;
  }

  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
