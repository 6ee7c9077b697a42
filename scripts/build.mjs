// `pnpm build`: builds every package in packages/ as its own `build` script would (empty dist/,
// `tsc --build --force tsconfig.build.json`, then its `build:finish` script if it has one: the
// bundles, the dashboard's Vite build, a chmod), with the TypeScript builds of all packages in one
// tsc process. That process parses the files the packages share (the libs, @types/node, zod, the
// packages' own declarations) once: about two thirds of the CPU of one tsc per package. The
// `build:finish` scripts then run two at a time, each after those of the packages it depends on.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const packagesDirectory = join(root, 'packages');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The workspace packages under packages/: directory, name and the workspace packages it depends on. */
function workspacePackages() {
  const found = readdirSync(packagesDirectory)
    .map((name) => join(packagesDirectory, name))
    .filter((directory) => existsSync(join(directory, 'package.json')))
    .map((directory) => ({ directory, manifest: JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) }));
  const names = new Set(found.map(({ manifest }) => manifest.name));
  return found.map(({ directory, manifest }) => ({
    directory,
    name: manifest.name,
    builds: typeof manifest.scripts?.build === 'string',
    dependsOn: Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
    }).filter((dependency) => names.has(dependency) && dependency !== manifest.name),
  }));
}

/** The packages ordered so each comes after the workspace packages it depends on. */
function dependencyOrder(packages) {
  const byName = new Map(packages.map((entry) => [entry.name, entry]));
  const ordered = [];
  const visited = new Set();
  const visit = (entry) => {
    if (visited.has(entry.name)) return;
    visited.add(entry.name);
    for (const dependency of entry.dependsOn) visit(byName.get(dependency));
    ordered.push(entry);
  };
  for (const entry of packages) visit(entry);
  return ordered;
}

/** Runs a command with the terminal's output; resolves when it exits 0 and rejects otherwise. */
function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

const built = dependencyOrder(workspacePackages()).filter((entry) => entry.builds);
for (const { directory } of built) rmSync(join(directory, 'dist'), { recursive: true, force: true });
const projects = built
  .map(({ directory }) => join(directory, 'tsconfig.build.json'))
  .filter((project) => existsSync(project));
try {
  // --force: each package's build information sits beside its tsconfig.build.json, outside the
  // dist/ just emptied, and would otherwise skip the emit. The projects are built in the order given.
  await run(process.execPath, [tsc, '--build', '--force', ...projects]);
  await run('pnpm', [
    '--recursive',
    '--filter',
    './packages/*',
    '--workspace-concurrency=2',
    'run',
    '--if-present',
    'build:finish',
  ]);
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
