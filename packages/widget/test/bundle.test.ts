import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUDGETS, gzipSize } from '../scripts/size.mjs';

const dist = new URL('../dist/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, dist), 'utf8');
const manifest = JSON.parse(read('browser/manifest.json')) as { dialog: string; versionedLauncher: string };

describe('the built widget', () => {
  it('stays within the size budgets (gzip)', () => {
    const launcher = gzipSize(read('browser/widget.js'));
    const dialog = gzipSize(read(`browser/${manifest.dialog}`));
    expect(launcher).toBeLessThanOrEqual(BUDGETS.launcher);
    expect(launcher + dialog).toBeLessThanOrEqual(BUDGETS.total);
    // The dialog chunk an app's bundler splits off from the ESM build (@hearback/react's).
    expect(gzipSize(read('esm/dialog/mount.js'))).toBeLessThanOrEqual(BUDGETS.esmDialog);
  });

  it('ships the ESM dialog as one self-contained module, the same dialog as widget.js loads', () => {
    const esmDialog = read('esm/dialog/mount.js');
    // preact is inside it (no import of preact or its JSX runtime left for the app's bundler).
    expect(esmDialog).not.toMatch(/\bimport\b|from\s*["']/);
    expect(esmDialog).toMatch(/export\s*{\s*\w+ as mount\s*}/);
    // Same size class as widget-dialog.<hash>.js: within 2 % of it.
    const browserDialog = gzipSize(read(`browser/${manifest.dialog}`));
    expect(Math.abs(gzipSize(esmDialog) - browserDialog)).toBeLessThan(browserDialog * 0.02);
  });

  it('ships browser code without Node built-ins, eval or inline handlers', () => {
    const browserFiles = [
      'browser/widget.js',
      `browser/${manifest.dialog}`,
      ...readdirSync(new URL('esm/', dist), { recursive: true })
        .map(String)
        .filter((file) => file.endsWith('.js') && file !== 'assets.js')
        .map((file) => `esm/${file}`),
    ];
    for (const file of browserFiles) {
      const code = read(file);
      expect(code, file).not.toMatch(/\bfrom\s*["']node:|require\(|import\(["']node:/);
      expect(code, file).not.toMatch(/\beval\(|new Function\(|setAttribute\(["']on/);
    }
  });

  it('builds its DOM without HTML strings (Trusted Types pages accept it)', () => {
    const sources = readdirSync(new URL('../src/', import.meta.url), { recursive: true })
      .map(String)
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'));
    for (const file of sources) {
      const code = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
      expect(code, file).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write/);
    }
  });

  it('keeps Node code behind the ./assets subpath', () => {
    expect(read('esm/index.js')).not.toMatch(/assets\.js/);
    expect(read('esm/assets.js')).toMatch(/from 'node:fs'/);
  });
});
