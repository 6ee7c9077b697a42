import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('src/schema.gen.ts', () => {
  it('is what openapi-typescript generates from openapi/openapi.json (run `pnpm generate` when not)', async () => {
    const cli = fileURLToPath(new URL('../node_modules/.bin/openapi-typescript', import.meta.url));
    const result = await run(cli, ['../../openapi/openapi.json', '--output', 'src/schema.gen.ts', '--check'], {
      cwd: packageDir,
    }).then(
      () => ({ stale: false, output: '' }),
      (error: { stdout?: string; stderr?: string }) => ({ stale: true, output: `${error.stdout}${error.stderr}` }),
    );
    expect(result.output).toBe('');
    expect(result.stale).toBe(false);
  });
});
