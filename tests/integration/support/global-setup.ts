import { existsSync } from 'node:fs';
import { useScratchDirectory } from '../../../packages/server/test/support/scratch-directory.js';
import { entryPoints, publishedPackages } from './packages.js';

/**
 * These suites run built code (the widget's script-tag files, the hearback-mcp binary, every
 * package from plain Node): refuse to start without it rather than fail obscurely. Their servers'
 * data directories, the sites they serve and Chromium's profiles go to the run's scratch directory
 * on tmpfs, as the server's suite does: removed at the end, or by the next run if this one is killed.
 */
export default function setup(): () => void {
  const missing = publishedPackages()
    .flatMap(entryPoints)
    .filter((entry) => !existsSync(entry.file));
  if (missing.length > 0) {
    throw new Error(`Build the packages first (pnpm build): missing ${missing.map((entry) => entry.file).join(', ')}`);
  }
  return useScratchDirectory();
}
