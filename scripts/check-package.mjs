// Lints the artefact a package publishes: packs the current directory with pnpm (which applies
// `publishConfig`, so the tarball's `exports` lose the workspace-only `@hearback/source`
// condition, whose src/ files are not published), then runs publint (strict) and Are the Types
// Wrong (ESM only) on that tarball. `attw --pack` would pack with npm, which ignores
// `publishConfig.exports` and would check the workspace map instead.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const packDir = mkdtempSync(join(tmpdir(), 'hearback-pack-'));
const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' });
try {
  run('pnpm', ['pack', '--pack-destination', packDir]);
  const tarball = join(packDir, readdirSync(packDir).find((name) => name.endsWith('.tgz')) ?? '');
  run('publint', ['run', tarball, '--strict']);
  run('attw', [tarball, '--profile', 'esm-only']);
} catch (error) {
  process.exitCode = typeof error?.status === 'number' ? error.status : 1;
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
