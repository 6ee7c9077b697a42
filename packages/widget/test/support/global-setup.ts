import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The bundle suite needs dist/browser; build it when a lone `pnpm test` runs first. */
export default function setup(): void {
  const root = new URL('../../', import.meta.url);
  if (!existsSync(new URL('dist/browser/manifest.json', root))) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  }
}
