// Copies Scalar's self-contained browser bundle into dist/docs/, so the published server serves
// /docs without depending on @scalar/api-reference (vue and ~25 packages) at run time. The package
// ships no LICENSE file; its licence and author go into NOTICE beside the bundle.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const target = fileURLToPath(new URL('../dist/docs/', import.meta.url));
mkdirSync(target, { recursive: true });
copyFileSync(join(packageDir, 'dist/browser/standalone.js'), join(target, 'standalone.js'));
writeFileSync(
  join(target, 'NOTICE'),
  `standalone.js is ${manifest.name} ${manifest.version} (${manifest.homepage}),\n` +
    `by ${manifest.author}, under the ${manifest.license} License. It renders the API reference at /docs.\n`,
);
