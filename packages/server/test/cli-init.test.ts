import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Json } from './support/api.js';
import { runCli, spawnServe, useBuiltCli } from './support/built-cli.js';

// `hearback init` as shipped (dist/cli.js), in child processes: the organization name it accepts,
// and who owns what it makes once someone signed up.

describe('hearback init', () => {
  const newDataDir = useBuiltCli('cli-init');

  it.each([
    ['empty', '', 'Must not be empty.'],
    ['only spaces', '   ', 'Must not be empty.'],
    ['500 characters', 'x'.repeat(500), 'At most 200 characters.'],
  ])('refuses a name the API refuses (%s): exit 1 with its message, nothing created', async (_what, name, message) => {
    const dataDir = newDataDir();
    const result = await runCli(['init', '--org', name, '--data-dir', dataDir]);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain(`--org: ${message}`);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('takes the name as the API does: 200 characters, surrounding spaces trimmed', async () => {
    const dataDir = newDataDir();
    const longest = await runCli(['init', '--org', 'x'.repeat(200), '--json', '--data-dir', dataDir]);
    expect(longest.code).toBe(0);
    const trimmed = await runCli(['init', '--org', '  Acme  ', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(trimmed.stdout)).toMatchObject({ orgName: 'Acme' });
  });

  it('once someone signed up, makes the instance administrator the owner and says so', async () => {
    const dataDir = newDataDir();
    const first = await runCli(['init', '--org', 'First', '--data-dir', dataDir]);
    expect(first.stdout).toContain('The first person to sign up administers this instance and owns this organization');

    let server = await spawnServe(dataDir, { HEARBACK_SEARCH: 'off' });
    const signedUp = await fetch(`${server.url}/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com', password: 'a long password', name: 'Ann' }),
    });
    expect(signedUp.status).toBe(200);
    const session = signedUp.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('hearback.session_token='))
      ?.split(';')[0] as string;
    expect(await server.stop()).toBe(0);

    const third = await runCli(['init', '--org', 'Third', '--data-dir', dataDir]);
    expect(third.code).toBe(0);
    expect(third.stdout).toContain('Owner: Ann <ann@example.com>, who administers this instance');
    expect(third.stdout).toContain('in their dashboard (http://localhost:3000/app)');
    expect(third.stdout).not.toContain('sign up');
    expect(third.stdout).not.toContain('/auth/sign-up/email');
    const thirdId = /\((org_[0-9a-z]{26}), plan /.exec(third.stdout)?.[1];
    const fourth = JSON.parse((await runCli(['init', '--org', 'Fourth', '--json', '--data-dir', dataDir])).stdout);
    expect(fourth.owner).toEqual({ id: expect.any(String), name: 'Ann', email: 'ann@example.com' });

    server = await spawnServe(dataDir, { HEARBACK_SEARCH: 'off' });
    try {
      const headers = { cookie: session, origin: server.url, 'content-type': 'application/json' };
      const account = (await (await fetch(`${server.url}/account`, { headers })).json()) as Json;
      expect(account.organizations.map((entry: Json) => [entry.organization.name, entry.role])).toEqual([
        ['First', 'owner'],
        ['Third', 'owner'],
        ['Fourth', 'owner'],
      ]);
      // She can bring people in: what no key of the organization can do.
      const invited = await fetch(`${server.url}/organizations/${thirdId}/invites`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'grace@example.com', role: 'member' }),
      });
      expect(invited.status).toBe(201);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
