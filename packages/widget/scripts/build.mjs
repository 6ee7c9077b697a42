// Builds @hearback/widget:
//   dist/esm/      the ESM module and its types (tsc), for bundlers and @hearback/react
//   dist/browser/  widget.js (launcher IIFE), widget.<hash>.js (same bytes, versioned) and
//                  widget-dialog.<hash>.js (preact dialog IIFE), plus manifest.json
// then prints gzip sizes and fails when a budget is exceeded. With `--bundles-only` it builds the
// bundles alone, after a `tsc --build` of tsconfig.build.json has emitted dist/esm (the root
// `pnpm build` compiles every package in one tsc process first).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { preactRenderOnly } from './preact-render-only.mjs';
import { checkSizes, gzipSize } from './size.mjs';

const root = new URL('../', import.meta.url);
const out = new URL('dist/browser/', root);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

if (!process.argv.includes('--bundles-only')) {
  rmSync(new URL('dist/', root), { recursive: true, force: true });
  // --force: the build information left beside tsconfig.build.json would otherwise skip the emit.
  execFileSync(process.execPath, [tsc, '--build', '--force', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}

// The bundles compile JSX to classic `h(type, props, ...children)` calls: no `children` arrays and
// no jsx-runtime stand-in (tsc keeps the automatic runtime for the ESM build). esbuild reads JSX
// settings from tsconfig before its own options, so they are given as tsconfigRaw.
const CLASSIC_JSX = {
  compilerOptions: { jsx: 'react', jsxFactory: 'h', jsxFragmentFactory: 'Fragment', verbatimModuleSyntax: true },
};

/**
 * Imports `h` into every .tsx module, as the classic transform expects it in scope, and drops the
 * `@jsxImportSource` pragma, which only tells tsc (and other packages' compilers) the automatic runtime.
 */
const injectH = {
  name: 'inject-h',
  transform: (code, id) =>
    id.endsWith('.tsx') ? `import { h } from 'preact';\n${code.replace('/** @jsxImportSource preact */', '')}` : null,
};

async function bundle(input, define, format = 'iife') {
  const build = await rollup({
    input: new URL(input, root).pathname,
    plugins: [
      injectH,
      preactRenderOnly,
      nodeResolve({ browser: true, extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      esbuild({ target: 'es2021', tsconfigRaw: CLASSIC_JSX, define, sourceMap: false }),
      terser({
        ecma: 2021,
        // `unsafe` turns templates into concatenation and `new Array()` into literals; no value
        // here has a valueOf that would tell them apart. `unsafe_methods` drops the `function` of
        // object methods that are never constructed.
        compress: { passes: 5, unsafe: true, unsafe_methods: true, unsafe_arrows: true, pure_getters: true },
        toplevel: true,
        // Preact's internal vnode and component fields (`__k`, `__e`, …: its own mangled names)
        // get one-letter names; nothing outside the bundle reads them. `__html` is the one public
        // double-underscore name (dangerouslySetInnerHTML).
        mangle: { properties: { regex: /^__/, reserved: ['__html'] } },
        format: { comments: false, wrap_func_args: false },
      }),
    ],
  });
  const { output } = await build.generate({ format, strict: false });
  await build.close();
  return output[0].code;
}

const hash = (code) => createHash('sha256').update(code).digest('hex').slice(0, 10);

const dialogCode = await bundle('src/dialog-entry.ts', {});
const dialog = `widget-dialog.${hash(dialogCode)}.js`;
const launcherCode = await bundle('src/browser.ts', {
  __DIALOG_FILE__: JSON.stringify(dialog),
  __WIDGET_VERSION__: JSON.stringify(version),
});
const versionedLauncher = `widget.${hash(launcherCode)}.js`;
// The ESM build's dialog (what `createWidget` imports on first open, and so @hearback/react's
// chunk in an app's bundle) is the same minified preact dialog as widget-dialog.<hash>.js, as an
// ES module: tsc's output with the automatic JSX runtime and full preact cost about 0.7 KB gzip more.
const esmDialogCode = await bundle('src/dialog/mount.ts', {}, 'es');
writeFileSync(new URL('dist/esm/dialog/mount.js', root), esmDialogCode);

mkdirSync(out, { recursive: true });
writeFileSync(new URL(dialog, out), dialogCode);
writeFileSync(new URL('widget.js', out), launcherCode);
writeFileSync(new URL(versionedLauncher, out), launcherCode);

const launcherSize = { name: 'widget.js', raw: launcherCode.length, gzip: gzipSize(launcherCode) };
const dialogSize = { name: dialog, raw: dialogCode.length, gzip: gzipSize(dialogCode) };
const sizes = { launcher: launcherSize.gzip, dialog: dialogSize.gzip, total: launcherSize.gzip + dialogSize.gzip };
writeFileSync(
  new URL('manifest.json', out),
  `${JSON.stringify({ version, launcher: 'widget.js', versionedLauncher, dialog, sizes }, null, 2)}\n`,
);
const esmDialogSize = { name: 'dist/esm/dialog/mount.js', raw: esmDialogCode.length, gzip: gzipSize(esmDialogCode) };
if (!checkSizes({ launcher: launcherSize, dialog: dialogSize, esmDialog: esmDialogSize })) {
  console.error('@hearback/widget: size budget exceeded (see scripts/size.mjs).');
  process.exit(1);
}
