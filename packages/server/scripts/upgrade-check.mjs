#!/usr/bin/env node
/**
 * Upgrade check: an installation made by an older release, filled through its API the way a team
 * uses it, is then served by this worktree's build, which must keep every row and answer as before.
 *
 * For each database (SQLite in a fresh data directory, PostgreSQL in a throwaway cluster): the old
 * release starts and is filled (organizations, brands, inboxes, keys with some revoked, feedback of
 * every type with idempotency keys, notes, triage, assignees, saved views, secrets, automations
 * with deliveries left to retry, a page with responses, invitations with two open for one address,
 * accounts: as far as that release has them), the new build's `hearback backup` copies it, the
 * new build starts on it and must answer the same counts, lists, stats, trends and searches, take
 * the old keys and refuse the revoked ones, replay stored idempotent answers, deliver what was
 * left to retry, accept responses and invitations, start a second time, and `hearback migrate`
 * must find nothing to do. It prints the rows of every table before and after.
 *
 * It builds the old commit (pnpm install, network when its lockfile differs, and minutes of build),
 * so it is not part of CI: a maintainer runs it before a release, from the last release's commit
 * (CONTRIBUTING.md).
 *
 *   pnpm build
 *   node packages/server/scripts/upgrade-check.mjs --from <commit> [--database sqlite|postgres|both]
 *        [--search local|off] [--old-dir <a built worktree of that commit>] [--keep]
 *
 * Exit 0 when every check passed; each failed check is printed and the exit code is 1.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const newCli = join(repoRoot, 'packages/server/dist/cli.js');

const { values: options } = parseArgs({
  options: {
    from: { type: 'string' },
    database: { type: 'string', default: 'both' },
    'old-dir': { type: 'string' },
    keep: { type: 'boolean', default: false },
    // `local` (the default of a real installation) embeds every comment with the bundled model: slower.
    search: { type: 'string', default: 'local' },
  },
});
if (!options.from && !options['old-dir']) {
  console.error(
    'usage: upgrade-check.mjs --from <commit> [--database sqlite|postgres|both] [--old-dir <dir>] [--keep]',
  );
  process.exit(2);
}

const failures = [];
function check(condition, what) {
  if (condition) console.log(`  ok    ${what}`);
  else {
    console.log(`  FAIL  ${what}`);
    failures.push(what);
  }
}

// ---------------------------------------------------------------- the old build
function prepareOld() {
  if (options['old-dir']) return { dir: resolve(options['old-dir']), remove: () => {} };
  const dir = mkdtempSync(join(tmpdir(), `hearback-old-${options.from.slice(0, 8)}-`));
  rmSync(dir, { recursive: true });
  execFileSync('git', ['-C', repoRoot, 'worktree', 'add', '--detach', dir, options.from], { stdio: 'inherit' });
  try {
    execFileSync('pnpm', ['install', '--offline', '--frozen-lockfile'], { cwd: dir, stdio: 'inherit' });
  } catch {
    execFileSync('pnpm', ['install', '--frozen-lockfile'], { cwd: dir, stdio: 'inherit' });
  }
  execFileSync('pnpm', ['build'], { cwd: dir, stdio: 'inherit' });
  return {
    dir,
    remove: () => execFileSync('git', ['-C', repoRoot, 'worktree', 'remove', '--force', dir], { stdio: 'inherit' }),
  };
}

// ---------------------------------------------------------------- storage
function pgBinDir() {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? execFileSync('ls', [root])
        .toString()
        .split('\n')
        .filter(Boolean)
        .sort((a, b) => b - a)[0]
    : undefined;
  return version ? join(root, version, 'bin') : '';
}

/** A throwaway PostgreSQL cluster (run as the postgres user when we are root, as the tests do). */
function startPostgres(port) {
  const dir = mkdtempSync(join(tmpdir(), 'hearback-upgrade-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (binary, args) => {
    const path = join(pgBinDir(), binary);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path, ...args], { stdio: 'pipe' });
    else execFileSync(path, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  execFileSync('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'create database hearback']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/hearback`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const COUNT_SKIPPED = /^(kysely_|sqlite_|vec_|feedback_fts)/;

/** Rows per table, read straight from the database (what an operator's backup holds). */
function rowCounts(storage) {
  const query = (sql) =>
    storage.kind === 'sqlite'
      ? execFileSync('sqlite3', [join(storage.dataDir, 'hearback.db'), sql]).toString()
      : execFileSync('psql', [storage.url, '-At', '-F', '|', '-c', sql]).toString();
  const tables = query(
    storage.kind === 'sqlite'
      ? "select name from sqlite_master where type='table' order by name"
      : "select tablename from pg_tables where schemaname='public' order by tablename",
  )
    .split('\n')
    .filter((name) => name && !COUNT_SKIPPED.test(name));
  const counts = {};
  for (const table of tables) counts[table] = Number(query(`select count(*) from "${table}"`).trim());
  return counts;
}

function sqlValue(storage, sql) {
  return storage.kind === 'sqlite'
    ? execFileSync('sqlite3', [join(storage.dataDir, 'hearback.db'), sql])
        .toString()
        .trim()
    : execFileSync('psql', [storage.url, '-At', '-c', sql]).toString().trim();
}

// ---------------------------------------------------------------- servers
const SERVER_PORT = 38_110;
const running = new Set();
const RECEIVER_PORT = 38_111;

function startServer(cli, storage, label) {
  const env = {
    ...process.env,
    PORT: String(SERVER_PORT),
    HEARBACK_SEARCH: options.search,
    HEARBACK_SIGNUP: 'open',
    HEARBACK_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
    HEARBACK_LOG_LEVEL: 'info',
    DATABASE_URL: storage.kind === 'postgres' ? storage.url : '',
  };
  const child = spawn('node', [cli, 'serve', '--data-dir', storage.dataDir], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  running.add(child);
  const exited = new Promise((resolveExit) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolveExit(code);
    }),
  );
  return {
    output: () => output,
    ready: (async () => {
      for (let attempt = 0; attempt < 300; attempt += 1) {
        if (child.exitCode !== null) throw new Error(`${label} exited:\n${output}`);
        try {
          if ((await fetch(`http://127.0.0.1:${SERVER_PORT}/readyz`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${label} did not become ready:\n${output}`);
    })(),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A webhook receiver that records what it gets; `up: false` answers 503 (a receiver that is down). */
function startReceiver() {
  const received = [];
  const state = { up: false };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (!state.up) {
        response.writeHead(503).end();
        return;
      }
      received.push({ path: request.url, headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  server.listen(RECEIVER_PORT, '127.0.0.1');
  return { received, state, close: () => new Promise((r) => server.close(r)) };
}

// ---------------------------------------------------------------- the API
const base = `http://127.0.0.1:${SERVER_PORT}`;

async function api(method, path, { key, cookie, body, headers = {} } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(key ? { 'x-service-key': key } : {}),
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      origin: base,
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    body: json,
    cookie: response.headers
      .getSetCookie?.()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

async function must(method, path, options, expected = [200, 201]) {
  const answer = await api(method, path, options);
  if (!expected.includes(answer.status)) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`);
  }
  return answer.body;
}

function tokenOf(acceptUrl) {
  return new URL(acceptUrl).searchParams.get('token') ?? acceptUrl.split('token=')[1];
}

function firstStartKeys(output) {
  const pick = (pattern) => output.match(pattern)?.[1];
  return {
    orgId: pick(/\((org_[a-z0-9]+),/),
    inboxKey: pick(/inboxKey\s+(ibx_\S+)/),
    adminKey: pick(/Admin key\s+(hb_\S+)/),
    collectKey: pick(/Collect key\s+(hb_\S+)/),
  };
}

const FEEDBACK = [
  ['thumbs', 1, 'Checkout was quick'],
  ['thumbs', 0, 'Invoice download broken'],
  ['stars', 5, 'Lovely onboarding'],
  ['stars', 2, 'Search is slow'],
  ['nps', 9, 'Would recommend the export'],
  ['nps', 3, 'Pricing page confusing'],
  ['csat', 4, 'Support answered fast'],
  ['csat', 1, 'Refund took weeks'],
  ['emoji', 5, 'Dark mode is great'],
  ['emoji', 2, 'Mobile layout overlaps'],
  ['text', null, 'Please add a Zapier integration'],
  ['text', null, 'The invoice total rounds wrong'],
];

/** The operations a release serves, read from its OpenAPI document. */
async function operationsOf() {
  const document = await must('GET', '/openapi.json');
  return new Set(Object.keys(document.paths));
}

/** Fills the old installation; answers what the new one must still show. */
async function fill(server, storage, oldCli) {
  await waitFor(() => /Collect key/.test(server.output()), 10);
  const first = firstStartKeys(server.output());
  if (!first.adminKey) throw new Error(`no first-start keys in:\n${server.output()}`);
  const paths = await operationsOf();
  const has = (path) => paths.has(path);
  const features = {
    accounts: has('/account'),
    views: has('/organizations/{orgId}/views'),
    pages: has('/organizations/{orgId}/feedback-pages'),
    invites: has('/organizations/{orgId}/invites'),
    trends: has('/organizations/{orgId}/feedback/trends'),
  };
  console.log(
    `  the old release serves: ${
      Object.entries(features)
        .filter(([, on]) => on)
        .map(([name]) => name)
        .join(', ') || 'none of accounts, views, pages, invites, trends'
    }`,
  );
  const state = { ...first, features, keys: {}, revoked: [], users: [], feedback: {}, orgs: [first.orgId] };
  const { orgId, adminKey } = first;
  const admin = { key: adminKey };

  // An organization far east of UTC: its days start 14 hours before UTC's (trends count by them).
  await api('PATCH', `/organizations/${orgId}`, { ...admin, body: { timezone: 'Pacific/Kiritimati' } });

  // A second organization, as an operator makes one (`hearback init`), before anyone signs up.
  const org2 = JSON.parse(
    execFileSync('node', [oldCli, 'init', '--org', 'Globex', '--json', '--data-dir', storage.dataDir], {
      env: { ...process.env, DATABASE_URL: storage.url ?? '', HEARBACK_LOG_LEVEL: 'error' },
    }).toString(),
  );
  const org2Id = org2.orgId;
  state.orgs.push(org2Id);
  state.keys.org2 = org2.adminKey;
  const org2Inbox = { inboxKey: org2.inboxKey };

  // People: the first becomes the instance administrator and owns the organizations.
  if (features.accounts) {
    for (const [email, name] of [
      ['owner@example.com', 'Olivia Owner'],
      ['member@example.com', 'Max Member'],
    ]) {
      const signup = await api('POST', '/auth/sign-up/email', {
        body: { email, password: 'correct horse battery', name },
      });
      if (signup.status !== 200) throw new Error(`sign-up ${email}: ${signup.status} ${JSON.stringify(signup.body)}`);
      state.users.push({ email, id: signup.body.user.id, cookie: signup.cookie });
    }
  }
  const owner = features.accounts ? { cookie: state.users[0].cookie } : admin;

  // Brands, inboxes, keys (some revoked).
  const brandA = await must('POST', `/organizations/${orgId}/brands`, { ...admin, body: { name: 'Acme Shop' } });
  const brandB = await must('POST', `/organizations/${orgId}/brands`, { ...admin, body: { name: 'Acme Pro' } });
  const shopInbox = await must('POST', `/organizations/${orgId}/inboxes`, {
    ...admin,
    body: { name: 'Shop checkout', brandId: brandA.id },
  });
  await must('POST', `/organizations/${orgId}/inboxes`, { ...admin, body: { name: 'Pro app', brandId: brandB.id } });
  const makeKey = async (name, scopes, extra = {}) =>
    must('POST', `/organizations/${orgId}/api-keys`, { ...admin, body: { name, scopes, ...extra } });
  state.keys.read = (await makeKey('dashboard read', ['read'])).secret;
  state.keys.write = (await makeKey('triage bot', ['read', 'write'])).secret;
  state.keys.brand = (await makeKey('shop team', ['read'], { brandId: brandA.id })).secret;
  for (const name of ['leaked key', 'old widget key']) {
    const made = await makeKey(name, name === 'leaked key' ? ['read', 'write'] : ['collect']);
    await must('POST', `/organizations/${orgId}/api-keys/${made.id}/revoke`, admin);
    state.revoked.push(made.secret);
  }

  // Secrets and automations: one receiver up (deliveries succeed), one whose receiver is down.
  await must('POST', `/organizations/${orgId}/secrets`, {
    ...admin,
    body: { name: 'HOOK_TOKEN', value: 's3cret-token-value' },
  });
  const webhook = (path) => ({
    url: `http://127.0.0.1:${RECEIVER_PORT}${path}`,
    headers: { Authorization: 'Bearer {{secrets.HOOK_TOKEN}}' },
  });
  state.automationUp = (
    await must('POST', `/organizations/${orgId}/automations`, {
      ...admin,
      body: { name: 'All to hook', events: ['feedback.created', 'feedback.updated'], webhook: webhook('/up') },
    })
  ).id;
  state.automationDown = (
    await must('POST', `/organizations/${orgId}/automations`, {
      ...admin,
      body: {
        name: 'Detractors to down hook',
        events: ['feedback.created'],
        filter: { scoreMax: 3 },
        webhook: webhook('/down'),
      },
    })
  ).id;

  // Feedback of every type, with idempotency keys, in two inboxes and two organizations.
  const collect = async (inboxKey, key, [type, score, comment], index, source) => {
    const body = { inboxKey, type, comment, context: { source, userId: `u_${index}` } };
    if (score !== null) body.score = score;
    return must('POST', '/collect', { key, body, headers: { 'idempotency-key': `upgrade-${source}-${index}` } });
  };
  const ids = [];
  for (const [index, item] of FEEDBACK.entries()) {
    ids.push((await collect(first.inboxKey, first.collectKey, item, index, 'web')).id);
    ids.push((await collect(shopInbox.inboxKey, first.collectKey, item, index, 'shop')).id);
  }
  for (const [index, item] of FEEDBACK.slice(0, 4).entries()) {
    await collect(org2Inbox.inboxKey, state.keys.org2, item, index, 'globex');
  }
  // A retried request answers the same item, not a second one.
  const retried = await collect(first.inboxKey, first.collectKey, FEEDBACK[0], 0, 'web');
  check(retried.id === ids[0], 'old release: a retried /collect with its idempotency key answers the first item');
  state.feedback.ids = ids;

  // Triage: notes, statuses, assignees.
  const ownerId = features.accounts ? state.users[0].id : undefined;
  const assigned = (body) => (ownerId ? { ...body, assigneeId: ownerId } : body);
  await must('POST', `/organizations/${orgId}/feedback/${ids[1]}/notes`, {
    ...admin,
    body: { body: 'Reproduced on Safari' },
  });
  await must('POST', `/organizations/${orgId}/feedback/${ids[1]}/notes`, { ...owner, body: { body: 'Fix in #482' } });
  await must('POST', `/organizations/${orgId}/feedback/${ids[7]}/notes`, {
    ...admin,
    body: { body: 'Refund policy question' },
  });
  await must('PATCH', `/organizations/${orgId}/feedback/${ids[1]}`, {
    ...admin,
    body: assigned({ status: 'in_progress', issueLink: { url: 'https://github.com/acme/app/issues/482' } }),
  });
  await must('PATCH', `/organizations/${orgId}/feedback/${ids[3]}`, { ...admin, body: { status: 'resolved' } });
  await must('PATCH', `/organizations/${orgId}/feedback/${ids[5]}`, {
    ...admin,
    body: assigned({ status: 'triaged' }),
  });
  await must('PATCH', `/organizations/${orgId}/feedback/${ids[9]}`, { ...admin, body: { status: 'spam' } });

  // Writes retried with an Idempotency-Key: the stored (sealed) answers must replay after the upgrade.
  state.retried = {
    note: (
      await must('POST', `/organizations/${orgId}/feedback/${ids[2]}/notes`, {
        ...admin,
        body: { body: 'Sent once, retried' },
        headers: { 'idempotency-key': 'upgrade-note-1' },
      })
    ).id,
    key: (
      await must('POST', `/organizations/${orgId}/api-keys`, {
        ...admin,
        body: { name: 'retried key', scopes: ['read'] },
        headers: { 'idempotency-key': 'upgrade-key-1' },
      })
    ).secret,
  };

  // Saved views.
  if (features.views) {
    await must('POST', `/organizations/${orgId}/views`, {
      ...owner,
      body: { name: 'Detractors', filters: { scoreMax: 3 } },
    });
    await must('POST', `/organizations/${orgId}/views`, {
      ...owner,
      body: { name: 'Mine', filters: { assigneeId: ownerId, status: 'in_progress' } },
    });
  }

  // A feedback page with responses.
  const organization = await must('GET', `/organizations/${orgId}`, admin);
  state.orgSlug = organization.slug;
  if (features.pages) {
    const page = await must('POST', `/organizations/${orgId}/feedback-pages`, {
      ...admin,
      body: {
        title: 'Beta survey',
        slug: 'beta',
        settings: { captcha: false },
        questions: [
          { id: 'score', type: 'nps', title: 'How likely are you to recommend us?', required: true },
          { id: 'why', type: 'long_text', title: 'Why?' },
        ],
      },
    });
    state.pageId = page.id;
    await must('POST', `/organizations/${orgId}/feedback-pages/${page.id}/publish`, admin);
    for (const [score, why] of [
      [10, 'The beta invoice export'],
      [4, 'Too many clicks'],
    ]) {
      await must('POST', `/organizations/${orgId}/feedback-pages/${page.id}/responses`, {
        ...admin,
        body: { answers: { score, why } },
      });
    }
    const publicAnswer = await api('POST', `/f/${state.orgSlug}/beta`, {
      body: { answers: { score: 8, why: 'Public form' } },
    });
    check(
      publicAnswer.status < 400,
      `old release: the public page takes a response (${publicAnswer.status} ${JSON.stringify(publicAnswer.body).slice(0, 300)})`,
    );
  }

  // Invitations, among them two open ones for one address: four sends racing, as the old release
  // could not hold one open per address; should none race, the second is written as a race would.
  if (features.invites) {
    state.inviteTokens = {};
    for (const email of ['ann@example.com', 'bob@example.com']) {
      const sent = await must('POST', `/organizations/${orgId}/invites`, { ...owner, body: { email, role: 'member' } });
      state.inviteTokens[email] = tokenOf(sent.acceptUrl);
    }
    const raced = await Promise.all(
      [0, 1, 2, 3].map(() =>
        api('POST', `/organizations/${orgId}/invites`, {
          ...owner,
          body: { email: 'dup@example.com', role: 'viewer' },
        }),
      ),
    );
    state.dupTokens = raced.filter((sent) => sent.status < 300).map((sent) => tokenOf(sent.body.acceptUrl));
    const dupOpen = () =>
      Number(
        sqlValue(
          storage,
          "select count(*) from invites where email = 'dup@example.com' and accepted_at is null and revoked_at is null",
        ),
      );
    if (dupOpen() < 2) {
      const [id, expires] = sqlValue(
        storage,
        "select id || '|' || expires_at from invites where email = 'dup@example.com' limit 1",
      ).split('|');
      const copy = `${id.slice(0, -4)}dup2`;
      const columns = 'org_id, email, role, invited_by, created_at';
      if (storage.kind === 'sqlite') {
        sqlValue(
          storage,
          `insert into invites (id, token_hash, expires_at, ${columns}) select '${copy}', 'raced-token', datetime('${expires}', '-1 minute'), ${columns} from invites where id = '${id}'`,
        );
      } else {
        sqlValue(
          storage,
          `insert into invites (id, token_hash, expires_at, ${columns}) select '${copy}', 'raced-token', expires_at - interval '1 minute', ${columns} from invites where id = '${id}'`,
        );
      }
    }
    state.dupOpenBefore = dupOpen();
    // One accepted invitation: the member joins the second organization.
    const invite = await must('POST', `/organizations/${org2Id}/invites`, {
      ...owner,
      body: { email: 'member@example.com', role: 'member' },
    });
    const token = tokenOf(invite.acceptUrl);
    await must('POST', '/invites/accept', { cookie: state.users[1].cookie, body: { token } });
  }

  // What the old release answers, to compare with.
  state.before = await observe(state);
  return state;
}

/** What a team sees: counts, lists, stats, trends and keyword search, per organization. */
async function observe(state) {
  const admin = { key: state.adminKey };
  const orgId = state.orgId;
  const { features } = state;
  const session = state.users[0] ? { cookie: state.users[0].cookie } : undefined;
  const count = (page) => (page.items ?? page.data ?? page).length;
  const list = await must('GET', `/organizations/${orgId}/feedback?limit=100`, admin);
  const stats = await must('GET', `/organizations/${orgId}/feedback/stats`, admin);
  const item = await must('GET', `/organizations/${orgId}/feedback/${state.feedback.ids[1]}`, admin);
  const seen = {
    feedback: count(list),
    feedbackIds: (list.items ?? list.data ?? []).map((entry) => entry.id).sort(),
    stats: JSON.stringify(stats),
    keyword: count(await must('GET', `/organizations/${orgId}/feedback?q=invoice&limit=100`, admin)),
    brandScoped: count(await must('GET', `/organizations/${orgId}/feedback?limit=100`, { key: state.keys.brand })),
    org2: count(await must('GET', `/organizations/${state.orgs[1]}/feedback?limit=100`, { key: state.keys.org2 })),
    notes: count(await must('GET', `/organizations/${orgId}/feedback/${state.feedback.ids[1]}/notes`, admin)),
    status: item.status,
    assignee: item.assigneeId ?? null,
    issue: item.issueLink?.url,
    automations: count(await must('GET', `/organizations/${orgId}/automations`, admin)),
    keys: count(await must('GET', `/organizations/${orgId}/api-keys`, admin)),
    secrets: count(await must('GET', `/organizations/${orgId}/secrets`, admin)),
    inboxes: count(await must('GET', `/organizations/${orgId}/inboxes`, admin)),
    brands: count(await must('GET', `/organizations/${orgId}/brands`, admin)),
  };
  if (options.search !== 'off') {
    for (const mode of ['keyword', 'semantic', 'hybrid']) {
      const found = await must('POST', `/organizations/${orgId}/search`, {
        ...admin,
        body: { query: 'invoice problems', mode, limit: 10 },
      });
      seen[`search ${mode}`] = (found.items ?? found.data ?? found.results ?? []).map(
        (entry) => entry.id ?? entry.feedback?.id,
      );
    }
  }
  if (features.trends) {
    const trends = await must('GET', `/organizations/${orgId}/feedback/trends?from=2026-01-01`, admin);
    seen.trendsTotal = sumTrend(trends);
    seen.trends = JSON.stringify(trends);
  }
  if (features.views) seen.views = count(await must('GET', `/organizations/${orgId}/views`, session));
  if (features.pages) {
    seen.responses = count(
      await must('GET', `/organizations/${orgId}/feedback-pages/${state.pageId}/responses`, admin),
    );
    const analytics = await must('GET', `/organizations/${orgId}/feedback-pages/${state.pageId}/analytics`, admin);
    seen.pageCompletions = analytics.completions;
    seen.pageViews = analytics.views;
  }
  if (features.invites) seen.members = count(await must('GET', `/organizations/${state.orgs[1]}/members`, session));
  return seen;
}

function sumTrend(trends) {
  let total = 0;
  const walk = (value, key) => {
    if (Array.isArray(value)) {
      for (const entry of value) walk(entry);
    } else if (value && typeof value === 'object') for (const [name, inner] of Object.entries(value)) walk(inner, name);
    else if (key === 'count' && typeof value === 'number') total += value;
  };
  walk(trends);
  return total;
}

async function waitFor(predicate, seconds) {
  for (let attempt = 0; attempt < seconds * 5; attempt += 1) {
    if (await predicate()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** The new build on the old data: the same answers, and it keeps working. */
async function verify(state, storage, receiver) {
  const admin = { key: state.adminKey };
  const orgId = state.orgId;
  const after = await observe(state);
  for (const [name, value] of Object.entries(state.before)) {
    if (name === 'invites') continue;
    check(
      JSON.stringify(after[name]) === JSON.stringify(value),
      `${name}: ${JSON.stringify(value)} -> ${JSON.stringify(after[name])}`.slice(0, 200),
    );
  }
  if (state.features.invites) {
    const dupOpen = Number(
      sqlValue(
        storage,
        "select count(*) from invites where email = 'dup@example.com' and accepted_at is null and revoked_at is null",
      ),
    );
    check(
      state.dupOpenBefore >= 2 && dupOpen === 1,
      `two open invitations of one address become one (${state.dupOpenBefore} -> ${dupOpen})`,
    );
  }

  // Keys: every live one authenticates, every revoked one is refused.
  for (const [name, key] of Object.entries({ admin: state.adminKey, ...state.keys })) {
    check((await api('GET', '/me', { key })).status === 200, `the ${name} key made before the upgrade authenticates`);
  }
  for (const key of state.revoked)
    check((await api('GET', '/me', { key })).status === 401, 'a revoked key stays refused');
  const collected = await api('POST', '/collect', {
    key: state.collectKey,
    body: {
      inboxKey: state.inboxKey,
      type: 'thumbs',
      score: 1,
      comment: FEEDBACK[0][2],
      context: { source: 'web', userId: 'u_0' },
    },
    headers: { 'idempotency-key': 'upgrade-web-0' },
  });
  check(
    collected.body?.id === state.feedback.ids[0],
    `(${collected.status}) a retry of a pre-upgrade /collect still answers its first item`,
  );

  const noteRetry = await api('POST', `/organizations/${orgId}/feedback/${state.feedback.ids[2]}/notes`, {
    ...admin,
    body: { body: 'Sent once, retried' },
    headers: { 'idempotency-key': 'upgrade-note-1' },
  });
  check(
    noteRetry.body?.id === state.retried.note && noteRetry.replayed,
    `a write retried with its Idempotency-Key after the upgrade replays the first answer (${noteRetry.status})`,
  );
  const keyRetry = await api('POST', `/organizations/${orgId}/api-keys`, {
    ...admin,
    body: { name: 'retried key', scopes: ['read'] },
    headers: { 'idempotency-key': 'upgrade-key-1' },
  });
  check(
    keyRetry.body?.secret === state.retried.key && keyRetry.replayed,
    `a key creation retried after the upgrade replays its sealed secret (${keyRetry.status})`,
  );

  // Users sign in with their passwords; on a release before accounts, the first to sign up owns both organizations.
  if (!state.features.accounts) {
    const signup = await api('POST', '/auth/sign-up/email', {
      body: { email: 'owner@example.com', password: 'correct horse battery', name: 'Olivia Owner' },
    });
    check(signup.status === 200, `the first person signs up after the upgrade (${signup.status})`);
    state.users.push({ email: 'owner@example.com', id: signup.body?.user?.id, cookie: signup.cookie });
    const account = await api('GET', '/account', { cookie: signup.cookie });
    const owned = JSON.stringify(account.body);
    check(
      state.orgs.every((id) => owned.includes(id)),
      'the first to sign up owns the organizations made before accounts',
    );
  }
  for (const user of state.users) {
    const signIn = await api('POST', '/auth/sign-in/email', {
      body: { email: user.email, password: 'correct horse battery' },
    });
    check(signIn.status === 200, `${user.email} signs in after the upgrade (${signIn.status})`);
  }
  const session = await api('GET', '/account', { cookie: state.users[0].cookie });
  check(session.status === 200, `a session made before the upgrade still works (${session.status})`);

  // Deliveries: the receiver came back during the upgrade; what the old release had left to retry
  // is delivered by the new one, on its own.
  const resumed = await waitFor(
    () =>
      new Set(receiver.received.filter((entry) => entry.path === '/down').map((entry) => entry.body)).size >=
      state.downDeliveries,
    30,
  );
  const arrived = new Set(receiver.received.filter((entry) => entry.path === '/down').map((entry) => entry.body)).size;
  check(resumed, `the deliveries left to retry resume after the upgrade (${arrived} of ${state.downDeliveries})`);
  check(
    receiver.received.every((entry) => entry.headers.authorization === 'Bearer s3cret-token-value'),
    'the secret made before the upgrade is filled into the webhook',
  );
  const fresh = await must('POST', '/collect', {
    key: state.collectKey,
    body: { inboxKey: state.inboxKey, type: 'nps', score: 2, comment: 'after the upgrade' },
  });
  const delivered = await waitFor(
    () => receiver.received.some((entry) => entry.path === '/up' && entry.body.includes(fresh.id)),
    30,
  );
  check(delivered, 'feedback sent after the upgrade is delivered');

  // Pages still take responses, by the API and the public form.
  if (state.features.pages) {
    const viaApi = await api('POST', `/organizations/${orgId}/feedback-pages/${state.pageId}/responses`, {
      ...admin,
      body: { answers: { score: 7, why: 'after the upgrade' } },
    });
    check(viaApi.status === 201, `the page takes a response through the API (${viaApi.status})`);
    const viaForm = await api('POST', `/f/${state.orgSlug}/beta`, {
      body: { answers: { score: 9, why: 'public, after' } },
    });
    check(viaForm.status < 400, `the public page takes a response (${viaForm.status})`);
  }

  // Writes of every kind.
  const note = await api('POST', `/organizations/${orgId}/feedback/${state.feedback.ids[0]}/notes`, {
    ...admin,
    body: { body: 'after' },
  });
  check(note.status === 201, `a note is added (${note.status})`);
  if (state.features.invites) {
    const previews = await Promise.all(
      state.dupTokens.map((token) =>
        api('POST', '/invites/preview', { body: { token } }).then((answer) => answer.status),
      ),
    );
    check(
      previews.filter((status) => status === 200).length === 1,
      `of the raced invitations' links exactly one still opens (${previews.join(', ')})`,
    );
    const ann = await api('POST', '/auth/sign-up/email', {
      body: { email: 'ann@example.com', password: 'correct horse battery', name: 'Ann' },
    });
    const accepted = await api('POST', '/invites/accept', {
      cookie: ann.cookie,
      body: { token: state.inviteTokens['ann@example.com'] },
    });
    check(accepted.status === 200, `an invitation sent before the upgrade is accepted after it (${accepted.status})`);
    const invite = await api('POST', `/organizations/${orgId}/invites`, {
      cookie: state.users[0].cookie,
      body: { email: 'dup@example.com', role: 'viewer' },
    });
    check(invite.status < 300, `inviting the duplicated address again renews it (${invite.status})`);
  }
  const view = await api('POST', `/organizations/${orgId}/views`, {
    cookie: state.users[0].cookie,
    body: { name: 'After', filters: { type: 'nps' } },
  });
  check(view.status === 201, `a saved view is made (${view.status})`);
}

// ---------------------------------------------------------------- one run
async function runOne(kind, old) {
  console.log(`\n== ${kind}: ${old.dir} -> ${repoRoot}`);
  const dataDir = mkdtempSync(join(tmpdir(), `hearback-upgrade-${kind}-`));
  const postgres = kind === 'postgres' ? startPostgres(38_120) : undefined;
  const storage = { kind, dataDir, url: postgres?.url };
  const receiver = startReceiver();
  const oldCli = join(old.dir, 'packages/server/dist/cli.js');
  try {
    const oldServer = startServer(oldCli, storage, 'old server');
    await oldServer.ready;
    const state = await fill(oldServer, storage, oldCli);
    // The operator's backup before upgrading: the new build's `hearback backup` while the old server runs.
    const backupDir = kind === 'sqlite' ? mkdtempSync(join(tmpdir(), 'hearback-upgrade-backup-')) : undefined;
    if (backupDir) {
      const said = execFileSync(
        'node',
        [newCli, 'backup', '--to', join(backupDir, 'hearback.db'), '--data-dir', dataDir],
        {
          env: { ...process.env, DATABASE_URL: '' },
        },
      ).toString();
      console.log(`  hearback backup (new build, old server running): ${said.trim()}`);
      copyFileSync(join(dataDir, 'server-secret'), join(backupDir, 'server-secret'));
    }
    await oldServer.stop();
    const before = rowCounts(storage);
    state.downDeliveries = Number(
      sqlValue(storage, `select count(*) from webhook_deliveries where automation_id = '${state.automationDown}'`),
    );
    const pendingBefore = sqlValue(
      storage,
      "select status || ':' || count(*) from webhook_deliveries group by status order by status",
    );
    console.log(`  deliveries when the old release stopped: ${pendingBefore.replace(/\n/g, ', ')}`);
    // The downtime of the upgrade: the retries the old release scheduled fall due, and the receiver is back.
    sqlValue(
      storage,
      `update webhook_deliveries set next_attempt_at = '${new Date().toISOString()}' where status = 'pending'`,
    );
    receiver.state.up = true;

    const newServer = startServer(newCli, storage, 'new server');
    await newServer.ready;
    const migrated = rowCounts(storage);
    const applied = /"database migrated".*?"migrations":(\[[^\]]*\])/.exec(newServer.output())?.[1];
    console.log(`  the new build applied on start: ${applied ?? 'nothing'}`);
    await verify(state, storage, receiver);
    await newServer.stop();

    const again = startServer(newCli, storage, 'new server, second start');
    await again.ready;
    check(true, 'the new build starts a second time on the upgraded data');
    await again.stop();
    const migrate = execFileSync('node', [newCli, 'migrate', '--data-dir', dataDir], {
      env: { ...process.env, DATABASE_URL: storage.url ?? '' },
    }).toString();
    console.log(`  hearback migrate: ${migrate.trim()}`);
    check(/^Nothing to migrate/.test(migrate), 'hearback migrate has nothing to do');

    if (backupDir) {
      // Restoring that copy into the new build: it migrates it and answers what the old one did.
      const restored = startServer(newCli, { ...storage, dataDir: backupDir }, 'new server on the restored backup');
      await restored.ready;
      const list = await must('GET', `/organizations/${state.orgId}/feedback?limit=100`, { key: state.adminKey });
      check(
        (list.items ?? list.data).length === state.before.feedback,
        `the backup taken before the upgrade restores into the new build (${(list.items ?? list.data).length} items)`,
      );
      await restored.stop();
      if (!options.keep) rmSync(backupDir, { recursive: true, force: true });
    }

    console.log('\n  rows per table: before upgrade -> after migrating (-> after the checks)');
    const after = rowCounts(storage);
    for (const table of Object.keys({ ...before, ...after })) {
      const line = `${before[table] ?? '-'} -> ${migrated[table] ?? '-'} (-> ${after[table] ?? '-'})`;
      console.log(`  ${table.padEnd(28)} ${line}`);
      if (before[table] !== undefined && migrated[table] !== undefined && migrated[table] < before[table]) {
        check(false, `${table} lost rows in the upgrade (${before[table]} -> ${migrated[table]})`);
      }
    }
  } finally {
    for (const child of running) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await receiver.close();
    postgres?.stop();
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

const old = prepareOld();
try {
  const kinds = options.database === 'both' ? ['sqlite', 'postgres'] : [options.database];
  for (const kind of kinds) {
    try {
      await runOne(kind, old);
    } catch (error) {
      check(false, `${kind}: ${error.stack ?? error}`);
    }
  }
} finally {
  if (!options.keep) old.remove();
}
console.log(failures.length === 0 ? '\nupgrade check passed' : `\nupgrade check: ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
