import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createRuntime } from '../src/runtime.js';
import { capturingLogger } from './support/capturing-logger.js';

describe('HEARBACK_PUBLIC_URL with a path', () => {
  const dataDirs: string[] = [];
  afterEach(() => {
    for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The lines a server logs while it starts and stops with this public URL. */
  async function startLog(publicUrl: string): Promise<string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearback-public-url-'));
    dataDirs.push(dataDir);
    const config = loadConfig(
      { HEARBACK_PUBLIC_URL: publicUrl },
      { dataDir, runJobs: false, search: { embedder: 'off', idleMs: 0 } },
    );
    const logger = capturingLogger();
    const runtime = await createRuntime(config, logger);
    await runtime.close();
    return logger.text();
  }

  it('warns at start that the dashboard and sign-in need the root of a host', async () => {
    const log = await startLog('https://example.com/hb');
    expect(log).toContain('warning: HEARBACK_PUBLIC_URL has a path');
    expect(log).toContain('"publicUrl":"https://example.com/hb"');
  });

  it('says nothing of it for a host of its own', async () => {
    expect(await startLog('https://feedback.example.com')).not.toContain('HEARBACK_PUBLIC_URL has a path');
    expect(await startLog('https://feedback.example.com/')).not.toContain('HEARBACK_PUBLIC_URL has a path');
  });
});
