// Bundles the built CLI (dist/cli.js, tsc's output) into itself and a few chunks next to it, so
// `hearback` starts without resolving, reading and linking some 800 modules one by one: that loader
// work was about half of a start's CPU (0.4 of 0.9 s for `serve` to answer /healthz). The
// library entry (dist/index.js) stays tsc's modules. Dynamic imports stay lazy as chunks; packages
// that read files beside themselves, load native code, or load only for some requests stay
// external, imported from node_modules as before. Writes dist/cli-bundle.json: each chunk's
// modules, for test/lazy-modules.test.ts. Each output has a source map, composed with tsc's maps of
// its modules, so a stack trace names src/*.ts lines (src/cli.ts enables them).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const EXTERNAL = [
  // Native code, or files read relative to the package.
  'better-sqlite3',
  'sqlite-vec',
  '@energetic-ai/*',
  '@hearback/dashboard',
  '@hearback/dashboard/*',
  '@hearback/widget',
  '@hearback/widget/*',
  '@scalar/api-reference',
  // Loaded by some requests only (test/lazy-modules.test.ts names them).
  'better-auth',
  'better-auth/*',
  'openid-client',
  'nodemailer',
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/sdk/*',
  'undici',
  'yaml',
  'qrcode',
  'pg',
];

/**
 * A module moved into a chunk in dist/ keeps its own `import.meta.url`: files it finds relative to
 * itself (package.json, docs/, page-script/, the search worker) are found where they were.
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(context) {
    context.onLoad({ filter: /\/dist\/.*\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const path = `./${relative(dist, args.path).split('\\').join('/')}`;
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(path)}, import.meta.url).href`),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

const result = await build({
  entryPoints: [`${dist}cli.js`],
  outdir: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Beside cli.js in dist/, so a module's own URL (see ownUrl) is the same path from every output.
  chunkNames: 'cli-chunk-[hash]',
  external: EXTERNAL,
  // CommonJS dependencies bundled into ESM call `require` for Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [ownUrl],
  // Linked (a `sourceMappingURL` comment): Node reads the map of each chunk it loads. Without the
  // sources' text, which stack traces do not need: that was 3.4 of the maps' 4.9 MB, and Node reads
  // and parses a loaded chunk's whole map at start.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
// Paths relative to this package (esbuild's working directory).
const chunks = Object.fromEntries(
  Object.entries(result.metafile.outputs)
    .filter(([output]) => output.endsWith('.js'))
    .map(([output, { inputs }]) => [relative(dist, output), Object.keys(inputs)]),
);
writeFileSync(`${dist}cli-bundle.json`, `${JSON.stringify(chunks, null, 1)}\n`);
