#!/usr/bin/env node
/**
 * `pnpm bench:search`: search quality (bench/search-quality.mjs), then search latency
 * (bench/search-latency.mjs) when that script is present. Both run to the end; the exit code is
 * the worst of theirs. Run either file directly for its own options.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const flags = process.argv.slice(2).filter((arg) => arg !== '--');
if (flags.length > 0) {
  // Each script has options of its own; passing these to both would fail one of them.
  process.stderr.write(
    `bench:search takes no options (got ${flags.join(' ')}): run bench/search-quality.mjs or bench/search-latency.mjs with --help\n`,
  );
  process.exit(2);
}
const scripts = ['search-quality.mjs', 'search-latency.mjs'].map((name) => join(here, name)).filter(existsSync);

let exitCode = 0;
for (const script of scripts) {
  process.stdout.write(`\n== ${script.slice(here.length + 1)}\n`);
  const { status, signal } = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  exitCode = Math.max(exitCode, status ?? (signal ? 2 : 0));
}
process.exit(exitCode);
