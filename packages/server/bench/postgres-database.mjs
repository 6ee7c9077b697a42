/**
 * A PostgreSQL database of its own for one bench run, on the server of `adminUrl` (DATABASE_URL),
 * so runs never mix with real data or with each other. Where creating databases is not allowed,
 * `adminUrl` itself is used (benches scope what they count to their own organization) and `drop`
 * does nothing.
 *
 * @example
 * const database = await benchDatabase(process.env.DATABASE_URL);
 * try { run(database.url) } finally { await database.drop() }
 */
import pg from 'pg';

export async function benchDatabase(adminUrl, log = (line) => process.stdout.write(`${line}\n`)) {
  const name = `hearback_bench_${process.pid}_${Date.now()}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await run(`create database ${pg.escapeIdentifier(name)}`);
  } catch (error) {
    log(`cannot create a database (${error.message}): using DATABASE_URL, where the rows stay`);
    return { url: adminUrl, drop: async () => {} };
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // `with (force)`: a pool the bench failed to close must not keep the database alive.
    drop: () => run(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`),
  };
}
