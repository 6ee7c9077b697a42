import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const REDOCLY = resolve(dirname(fileURLToPath(import.meta.url)), '../node_modules/.bin/redocly');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

describe('redocly lint openapi/openapi.json', () => {
  // The committed document, as a reader's tools see it: with the repository's redocly.yaml (the
  // recommended rules, telemetry off so nothing leaves the machine) and its reasoned ignore file.
  it('reports no error and no warning', async () => {
    const { stdout } = await promisify(execFile)(
      REDOCLY,
      ['lint', 'openapi/openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
      { cwd: REPO_ROOT },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const problems = report.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
