import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createRuntime, type Runtime } from '../src/runtime.js';
import { EXPORT_BATCH } from '../src/services/file-export.js';
import type { NewFeedback } from '../src/storage/repositories/feedback.js';
import { BUILD_TIMEOUT_MS, ensureBuilt, runCli } from './support/built-cli.js';

// `hearback export` as shipped (dist/cli.js in a child process) on an embedded SQLite database
// that this process seeds and reads through the app, to compare the file with the HTTP export.
const cli = (...args: string[]) => runCli(args);

describe('hearback export', () => {
  const STORED = EXPORT_BATCH * 2 + 3;
  let dataDir: string;
  let runtime: Runtime;
  let credentials: { orgId: string; inboxId: string; inboxKey: string; adminKey: string; collectKey: string };
  let slug: string;

  const httpExport = async (query: Record<string, string>) => {
    const response = await runtime.app.request(
      `/organizations/${credentials.orgId}/feedback/export?${new URLSearchParams(query)}`,
      { headers: { 'x-service-key': credentials.adminKey } },
    );
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  beforeAll(async () => {
    await ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'hearback-export-'));
    const init = await cli('init', '--org', 'Export Co', '--json', '--data-dir', dataDir);
    expect(init.code).toBe(0);
    credentials = JSON.parse(init.stdout);
    runtime = await createRuntime(loadConfig({ HEARBACK_LOG_LEVEL: 'error' }, { dataDir, runJobs: false }));
    slug = (await runtime.store.organizations.find(credentials.orgId))?.slug as string;
    const rows: NewFeedback[] = Array.from({ length: STORED }, (_, n) => ({
      id: `fb_00cli_${String(n).padStart(6, '0')}`,
      orgId: credentials.orgId,
      inboxId: credentials.inboxId,
      brandId: null,
      type: 'nps',
      score: n % 11,
      comment: n % 2 ? `=cmd ${n}, "quoted"` : `plain ${n} 🎉`,
      context: { n },
      source: n % 3 ? 'widget' : null,
      status: 'new',
      issueLink: null,
      assigneeId: null,
      idempotencyKey: null,
      createdAt: '2026-06-01T12:00:00.000Z',
      updatedAt: '2026-06-01T12:00:00.000Z',
    }));
    await runtime.store.transaction((tx) => tx.feedback.insertMany(rows));
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await runtime?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the file the HTTP export answers, byte for byte, with progress and a summary on stderr', async () => {
    const out = join(dataDir, 'feedback.csv');
    const result = await cli('export', '--org', slug, '--out', out, '--data-dir', dataDir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(readFileSync(out)).toEqual(await httpExport({}));
    expect(existsSync(`${out}.part`)).toBe(false);
    // Not a TTY: plain progress lines, the last one complete.
    expect(result.stderr).toContain(`${STORED}/${STORED} 100%`);
    expect(result.stderr).toMatch(new RegExp(`Exported ${STORED} items as csv to ${out} in \\d+s`));
  });

  it('writes to stdout without --out (or with -), with the filters the list takes', async () => {
    const filters = { type: 'nps', scoreMin: '9', source: 'widget' };
    const expected = await httpExport({ ...filters, format: 'json' });
    const cliFilters = ['--type', 'nps', '--score-min', '9', '--source', 'widget'];
    const stdout = await cli(
      'export',
      '--org',
      credentials.orgId,
      '--format',
      'json',
      ...cliFilters,
      '--data-dir',
      dataDir,
    );
    expect(stdout.code, stdout.stderr).toBe(0);
    expect(Buffer.from(stdout.stdout)).toEqual(expected);
    const items = JSON.parse(stdout.stdout) as { score: number; source: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.score >= 9 && item.source === 'widget')).toBe(true);

    const dash = await cli(
      'export',
      '--org',
      slug,
      '--format',
      'ndjson',
      '--out',
      '-',
      '--q',
      'PLAIN 1',
      '--data-dir',
      dataDir,
    );
    expect(Buffer.from(dash.stdout)).toEqual(await httpExport({ format: 'ndjson', q: 'PLAIN 1' }));
    expect(dash.stdout.trimEnd().split('\n').length).toBeGreaterThan(1);
  });

  it("exports one brand's items with --brand, as the endpoint's brandId does", async () => {
    const asAdmin = async (path: string, json: unknown) => {
      const response = await runtime.app.request(`/organizations/${credentials.orgId}${path}`, {
        method: 'POST',
        headers: { 'x-service-key': credentials.adminKey, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; inboxKey: string };
    };
    const brand = await asAdmin('/brands', { name: 'Export brand' });
    const inbox = await asAdmin('/inboxes', { name: 'Export brand inbox', brandId: brand.id });
    const sent: string[] = [];
    for (const comment of ['brand item one', 'brand item two']) {
      const response = await runtime.app.request('/collect', {
        method: 'POST',
        headers: { 'x-service-key': credentials.collectKey, 'content-type': 'application/json' },
        body: JSON.stringify({ inboxKey: inbox.inboxKey, type: 'text', comment }),
      });
      expect(response.status).toBe(201);
      sent.push(((await response.json()) as { id: string }).id);
    }
    const expected = await httpExport({ brandId: brand.id, format: 'ndjson' });
    const exported = await cli(
      'export',
      '--org',
      slug,
      '--format',
      'ndjson',
      '--brand',
      brand.id,
      '--data-dir',
      dataDir,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(Buffer.from(exported.stdout)).toEqual(expected);
    const ids = exported.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual([...sent].reverse());

    const invalid = await cli('export', '--org', slug, '--brand', 'Export brand', '--data-dir', dataDir);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/Invalid filters: brandId: Expected a brand id/);
  });

  it("exports one member's items with --assignee and nobody's with --unassigned, as the endpoint does", async () => {
    const signUp = await runtime.app.request('/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'assignee@example.com', password: 'assignee-password-long', name: 'Assignee' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
    const assigned = ['fb_00cli_assigned_1', 'fb_00cli_assigned_2'];
    await runtime.store.transaction((tx) =>
      tx.feedback.insertMany(
        assigned.map((id, n) => ({
          id,
          orgId: credentials.orgId,
          inboxId: credentials.inboxId,
          brandId: null,
          type: 'text' as const,
          score: null,
          comment: `assigned ${n}`,
          context: {},
          source: null,
          status: 'new' as const,
          issueLink: null,
          assigneeId: userId,
          idempotencyKey: null,
          createdAt: `2026-06-02T12:00:0${n}.000Z`,
          updatedAt: `2026-06-02T12:00:0${n}.000Z`,
        })),
      ),
    );
    const idsOf = (ndjson: string) =>
      ndjson
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id);

    const mine = await cli('export', '--org', slug, '--format', 'ndjson', '--assignee', userId, '--data-dir', dataDir);
    expect(mine.code, mine.stderr).toBe(0);
    expect(Buffer.from(mine.stdout)).toEqual(await httpExport({ assigneeId: userId, format: 'ndjson' }));
    expect(idsOf(mine.stdout)).toEqual([...assigned].reverse());

    const nobody = await cli('export', '--org', slug, '--format', 'ndjson', '--unassigned', '--data-dir', dataDir);
    expect(nobody.code, nobody.stderr).toBe(0);
    expect(Buffer.from(nobody.stdout)).toEqual(await httpExport({ unassigned: 'true', format: 'ndjson' }));
    const unassignedIds = idsOf(nobody.stdout);
    expect(unassignedIds.length).toBeGreaterThanOrEqual(STORED);
    expect(unassignedIds.filter((id) => assigned.includes(id))).toEqual([]);

    const both = await cli('export', '--org', slug, '--assignee', userId, '--unassigned', '--data-dir', dataDir);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('Invalid filters: assigneeId: Filter by assigneeId or by unassigned, not both.');
    expect(both.stdout).toBe('');
  });

  it('exports the items carrying every --tag given, as the endpoint does', async () => {
    const scope = { orgId: credentials.orgId, brandId: null };
    const now = new Date().toISOString();
    const tagged = ['fb_00cli_000001', 'fb_00cli_000002', 'fb_00cli_000003'];
    await runtime.store.transaction(async (tx) => {
      await tx.feedbackTags.replace(scope.orgId, tagged[0] as string, ['billing'], now);
      await tx.feedbackTags.replace(scope.orgId, tagged[1] as string, ['billing', 'bug'], now);
      await tx.feedbackTags.replace(scope.orgId, tagged[2] as string, ['bug'], now);
    });
    const both = await cli(
      'export',
      '--org',
      slug,
      '--format',
      'ndjson',
      '--tag',
      'Billing',
      '--tag',
      'bug',
      '--data-dir',
      dataDir,
    );
    expect(both.code, both.stderr).toBe(0);
    expect(
      both.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual([tagged[1]]);
    const one = await cli('export', '--org', slug, '--format', 'ndjson', '--tag', 'billing', '--data-dir', dataDir);
    expect(Buffer.from(one.stdout)).toEqual(await httpExport({ format: 'ndjson', tag: 'billing' }));
    expect(
      one.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual([tagged[1], tagged[0]]);
  });

  it('fails with exit code 1 and writes nothing on an unknown organization or invalid filters', async () => {
    const out = join(dataDir, 'never.csv');
    const unknown = await cli('export', '--org', 'org_01jd3x2k9v6c4h8m2n5p7q1r3s', '--out', out, '--data-dir', dataDir);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No organization org_01jd3x2k9v6c4h8m2n5p7q1r3s');
    const invalid = await cli(
      'export',
      '--org',
      slug,
      '--from',
      'yesterday',
      '--score-max',
      'ten',
      '--out',
      out,
      '--data-dir',
      dataDir,
    );
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/Invalid filters: scoreMax: .+; from: Expected an ISO-8601 date/);
    const format = await cli('export', '--org', slug, '--format', 'xlsx', '--data-dir', dataDir);
    expect(format.code).toBe(1);
    expect(format.stderr).toContain('Allowed choices are csv, json, ndjson');
    const search = await cli('export', '--org', slug, '--q', 'x'.repeat(201), '--out', out, '--data-dir', dataDir);
    expect(search.code).toBe(1);
    expect(search.stderr).toContain('Invalid filters: q: At most 200 characters.');
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.part`)).toBe(false);
  });
});
