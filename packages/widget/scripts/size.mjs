// Gzip sizes of the script-tag build against its budgets (size-limit needs Node 22).
// `node scripts/size.mjs` checks dist/browser; build.mjs calls checkSizes() after writing it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Bytes, gzip level 9 (what servers and CDNs typically send). `esmDialog`: the ESM build's dialog
 * chunk (what an app's bundler, and so @hearback/react, splits off) gets what widget.js's dialog
 * may take, the total less the launcher's budget.
 */
export const BUDGETS = { launcher: 5 * 1024, total: 12 * 1024, esmDialog: 7 * 1024 };

export const gzipSize = (code) => gzipSync(code, { level: 9 }).length;

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const headroom = (gzip, budget) => `${budget - gzip >= 0 ? '' : '-'}${Math.abs(budget - gzip)} B`;

/** Prints the table and returns false when a budget is exceeded. */
export function checkSizes({ launcher, dialog, esmDialog }) {
  const total = launcher.gzip + dialog.gzip;
  const rows = [
    ['widget.js (launcher)', launcher.raw, launcher.gzip, BUDGETS.launcher],
    [`${dialog.name} (dialog)`, dialog.raw, dialog.gzip, undefined],
    ['launcher + dialog', launcher.raw + dialog.raw, total, BUDGETS.total],
    ['esm/dialog/mount.js (ESM, React)', esmDialog.raw, esmDialog.gzip, BUDGETS.esmDialog],
  ];
  let ok = true;
  console.log('\n  file                                  minified     gzip   budget');
  for (const [name, raw, gzip, budget] of rows) {
    const over = budget !== undefined && gzip > budget;
    ok &&= !over;
    const verdict =
      budget === undefined ? '' : `${kb(budget).padStart(9)} ${over ? 'OVER' : 'ok'} (${headroom(gzip, budget)} left)`;
    console.log(`  ${name.padEnd(36)} ${kb(raw).padStart(9)} ${kb(gzip).padStart(9)}${verdict}`);
  }
  console.log('');
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = new URL('../dist/browser/', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'));
  const measure = (name, from = dir) => {
    const code = readFileSync(new URL(name, from));
    return { name, raw: code.length, gzip: gzipSize(code) };
  };
  const esmDialog = measure('dialog/mount.js', new URL('../esm/', dir));
  if (!checkSizes({ launcher: measure(manifest.launcher), dialog: measure(manifest.dialog), esmDialog })) {
    console.error('Size budget exceeded.');
    process.exit(1);
  }
}
