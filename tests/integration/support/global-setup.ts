import { existsSync } from 'node:fs';
import { entryPoints, publishedPackages } from './packages.js';

/**
 * These suites run built code (the widget's script-tag files, the hearback-mcp binary, every
 * package from plain Node): refuse to start without it rather than fail obscurely.
 */
export default function setup(): void {
  const missing = publishedPackages()
    .flatMap(entryPoints)
    .filter((entry) => !existsSync(entry.file));
  if (missing.length > 0) {
    throw new Error(`Build the packages first (pnpm build): missing ${missing.map((entry) => entry.file).join(', ')}`);
  }
}
