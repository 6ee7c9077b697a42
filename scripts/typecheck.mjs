// Type-checks every project of the workspace (each directory with a tsconfig.json: a package's src
// and tests, the page script, the examples, the stories, tests/integration) through the
// tsconfig.typecheck.json beside it, which reads the other workspace packages' built declarations:
// it needs `pnpm build` first (`pnpm typecheck` runs both). A tsconfig.json without a
// tsconfig.typecheck.json beside it is an error, so a new project cannot go unchecked.
//
// A package's tsconfig.typecheck.json references its tsconfig.build.json: its tests then read its
// own src through the declarations that build emitted (tsc swaps a referenced project's source
// files for its outputs), so src is checked once, by `pnpm build`, and tests and scripts here.
// Files a build leaves out (the widget's browser entries) stay source and are checked here.
//
// One `tsc --build` process checking several projects parses the files they share (the libs,
// @types, node_modules, the dist declarations) once: about half the CPU of one `tsc` per project.
// The projects are spread over one process per core, largest first, so the wall time is about the
// largest group's. Size is the bytes of a project's own files: rough, but it only moves the
// balance, never what is checked.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Reads a tsconfig (comments allowed) and throws on a malformed one. */
function parseConfig(path) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${path}`);
  return parsed;
}

/** Directories below `directory` holding a tsconfig.json (not node_modules, dist or hidden ones). */
function projectDirectories(directory) {
  const entries = readdirSync(directory, { withFileTypes: true });
  const here = entries.some((entry) => entry.name === 'tsconfig.json') ? [directory] : [];
  const below = entries
    .filter((entry) => entry.isDirectory() && !/^(node_modules|dist)$|^\./.test(entry.name))
    .flatMap((entry) => projectDirectories(join(directory, entry.name)));
  return [...here, ...below];
}

/** The declaration files the workspace packages' `exports` point at that are not built yet. */
function missingDeclarations() {
  const packages = join(root, 'packages');
  return readdirSync(packages).flatMap((name) => {
    const manifest = join(packages, name, 'package.json');
    if (!existsSync(manifest)) return [];
    const entries = Object.values(JSON.parse(readFileSync(manifest, 'utf8')).exports ?? {});
    return entries
      .map((entry) => (typeof entry === 'object' ? entry.types : undefined))
      .filter((types) => typeof types === 'string' && !existsSync(join(packages, name, types)))
      .map((types) => join('packages', name, types));
  });
}

/** Bytes of the files a project checks itself: its files less those of the projects it references. */
function ownSize(path) {
  const parsed = parseConfig(path);
  const referenced = new Set(
    (parsed.projectReferences ?? []).flatMap((reference) =>
      parseConfig(ts.resolveProjectReferencePath(reference)).fileNames.map((file) => resolve(file)),
    ),
  );
  return parsed.fileNames
    .filter((file) => !referenced.has(resolve(file)))
    .reduce((total, file) => total + statSync(file).size, 0);
}

/** Splits projects into `count` groups of similar total size (largest first, each to the lightest group). */
function balance(projects, count) {
  const groups = Array.from({ length: count }, () => ({ size: 0, paths: [] }));
  for (const project of [...projects].sort((a, b) => b.size - a.size)) {
    const lightest = groups.reduce((best, group) => (group.size < best.size ? group : best));
    lightest.size += project.size;
    lightest.paths.push(project.path);
  }
  return groups.filter((group) => group.paths.length > 0);
}

/** Runs `tsc --build` on some projects; resolves with its exit code once its output is printed whole. */
function build(paths) {
  // No --force, which would build the referenced tsconfig.build.json projects again: tsc skips
  // those the build left up to date (and builds one whose src changed since). The projects here
  // emit nothing, so tsc finds their outputs missing and checks each of them every time.
  const child = spawn(process.execPath, [tsc, '--build', ...paths], { cwd: root });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

const unbuilt = missingDeclarations();
if (unbuilt.length > 0) {
  console.error(`Run \`pnpm build\` first (\`pnpm typecheck\` does): ${unbuilt.join(', ')} missing.`);
  process.exit(1);
}
const paths = projectDirectories(root).map((directory) => join(directory, 'tsconfig.typecheck.json'));
const missing = paths.filter((path) => !existsSync(path));
if (missing.length > 0) {
  console.error(`No tsconfig.typecheck.json beside a tsconfig.json (copy packages/spec's): ${missing.join(', ')}`);
  process.exit(1);
}
const projects = paths.map((path) => ({ path, size: ownSize(path) }));
const groups = balance(projects, availableParallelism());
console.log(`Type-checking ${projects.length} projects in ${groups.length} tsc --build processes`);
const codes = await Promise.all(groups.map((group) => build(group.paths)));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
