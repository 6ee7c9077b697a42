import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hearback, HearbackApiError, OPERATIONS, verifyWebhook } from '@hearback/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TxtDnsServer } from '../../../packages/server/test/support/dns-server.js';
import { THEME_CORPUS } from '../../../packages/server/test/support/theme-corpus.js';
import { documentOperations, operationOf } from '../support/openapi.js';
import { startServer, type TestServer } from '../support/server.js';

// The SDK against the real server in-process (`fetch: app.fetch`). Every request is matched to its
// operation in openapi/openapi.json; the last test fails when an operation was never answered 2xx.
describe('SDK contract: every operation against the real server', () => {
  let server: TestServer;
  let hearback: Hearback;
  const answered = new Map<string, number[]>();
  // SSO domains are proven by a TXT record: a real DNS server on 127.0.0.1 answers it.
  const dns = new TxtDnsServer();
  let dnsServer: string;

  function sdk(
    credential: string | { session: string },
    orgId: string | null = server.orgId,
    onAnswer?: (operationId: string) => void,
  ) {
    return new Hearback({
      ...(typeof credential === 'string' ? { apiKey: credential } : credential),
      baseUrl: 'http://hearback.test',
      orgId: orgId ?? undefined,
      maxRetries: 0,
      fetch: async (request) => {
        const operation = operationOf(request);
        const response = await server.fetch(request);
        if (operation) {
          answered.set(operation.operationId, [...(answered.get(operation.operationId) ?? []), response.status]);
          onAnswer?.(operation.operationId);
        }
        return response;
      },
    });
  }

  async function rejection(promise: Promise<unknown>): Promise<HearbackApiError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!HearbackApiError.isInstance(error)) throw new Error(`Expected a HearbackApiError, got ${String(error)}`);
    return error;
  }

  beforeAll(async () => {
    // Semantic search on (the bundled local model, loaded on first use), so `similar()` answers.
    // 127.0.0.0/8 allowed: `automations.test()` sends to a receiver on this host.
    dnsServer = await dns.start();
    server = await startServer({
      search: { embedder: 'local', idleMs: 60_000 },
      webhookAllowedCidrs: ['127.0.0.0/8'],
      dnsServers: [dnsServer],
    });
    hearback = sdk(server.adminKey);
  });
  afterAll(async () => {
    await server?.close();
    await dns.close();
  });

  it('health: check and ready', async () => {
    expect(await hearback.health.check()).toEqual({ status: 'ok' });
    expect(await hearback.health.ready()).toEqual({ status: 'ok' });
  });

  it('organization: get and update', async () => {
    const organization = await hearback.organization.get();
    expect(organization).toMatchObject({ id: server.orgId, name: 'Integration tests', plan: 'enterprise' });
    expect(organization.usage?.eventsLimit).toBeNull();
    const renamed = await hearback.organization.update({ name: 'Acme Inc.' });
    expect(renamed.name).toBe('Acme Inc.');
    expect((await hearback.organization.update({ slug: 'acme-contract' })).slug).toBe('acme-contract');
    expect((await hearback.organization.update({ timezone: 'europe/berlin' })).timezone).toBe('Europe/Berlin');
  });

  it('pages: create, publish, submit, list and get responses, update, close, reopen, delete', async () => {
    const page = await hearback.pages.create({
      title: 'Contract survey',
      questions: [
        { id: 'recommend', type: 'nps', title: 'Recommend us?', required: true },
        {
          id: 'topics',
          type: 'rank_order',
          title: 'Rank',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        },
      ],
    });
    expect(page).toMatchObject({ state: 'draft', slug: 'contract-survey', version: 1 });
    expect((await hearback.pages.publish(page.id)).state).toBe('published');
    const invalid = await rejection(hearback.pages.responses.submit(page.id, { answers: { recommend: 11 } }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(invalid.problem?.errors?.map((error) => error.path)).toEqual(['answers.recommend']);
    const response = await hearback.pages.responses.submit(page.id, { answers: { recommend: 9, topics: ['b', 'a'] } });
    expect(response).toMatchObject({ pageVersion: 1, answers: { recommend: 9, topics: ['b', 'a'] }, channel: 'api' });
    expect((await hearback.pages.responses.list(page.id).toArray()).map((item) => item.id)).toEqual([response.id]);
    expect(await hearback.pages.responses.get(page.id, response.id)).toEqual(response);
    const spam = await hearback.pages.responses.submit(page.id, { answers: { recommend: 0 } });
    expect(await hearback.pages.responses.delete(page.id, spam.id)).toEqual({ id: spam.id, deleted: true });
    expect((await rejection(hearback.pages.responses.get(page.id, spam.id))).code).toBe('not_found');
    const erased = await hearback.pages.responses.submit(page.id, {
      answers: { recommend: 3 },
      contact: { email: 'Erase.Me@example.com' },
    });
    expect(await hearback.pages.responses.erase({ contact: { email: 'erase.me@EXAMPLE.com' } })).toEqual({
      deleted: 1,
    });
    expect((await rejection(hearback.pages.responses.get(page.id, erased.id))).code).toBe('not_found');
    expect((await hearback.pages.responses.get(page.id, response.id)).id).toBe(response.id);
    expect((await hearback.pages.list({ state: 'published' }).toArray()).map((item) => item.id)).toContain(page.id);
    expect(await hearback.pages.get(page.id)).toMatchObject({ id: page.id, questions: page.questions });
    expect((await hearback.pages.update(page.id, { questions: page.questions.slice(0, 1) })).version).toBe(2);
    expect((await hearback.pages.close(page.id)).state).toBe('closed');
    expect((await hearback.pages.reopen(page.id)).state).toBe('published');
    await hearback.pages.delete(page.id);
    expect((await rejection(hearback.pages.get(page.id))).code).toBe('not_found');
  });

  it('feedback.stream: items as they arrive, then resumed after the last event id', async () => {
    // The stream is subscribed once its response arrives: what is collected after that is sent.
    let connected: () => void = () => {};
    const streaming = sdk(server.adminKey, server.orgId, (operationId) => {
      if (operationId === 'streamFeedback') connected();
    });
    const collect = async (score: number) =>
      (await hearback.collect({ inboxKey: server.inboxKey, type: 'emoji', score, comment: `mood ${score}` })).id;

    const live = streaming.feedback.stream({ type: 'emoji' });
    const arrived = new Promise<void>((resolve) => {
      connected = resolve;
    });
    const first = live.next();
    await arrived;
    const id = await collect(5);
    const event = (await first).value;
    expect(event).toMatchObject({ type: 'feedback.created', feedback: { id, type: 'emoji', score: 5 } });
    expect(event?.feedback).toEqual(await hearback.feedback.get(id));
    await live.return(undefined);

    const missed = [await collect(1), await collect(2)];
    const resumed: string[] = [];
    for await (const next of streaming.feedback.stream({ type: 'emoji' }, { lastEventId: event?.id })) {
      resumed.push(next.feedback.id);
      if (resumed.length === missed.length) break;
    }
    expect(resumed).toEqual(missed);
  });

  it('collect, then feedback: list, get, update', async () => {
    const collector = sdk(server.collectKey, null);
    const { id } = await collector.collect({
      inboxKey: server.inboxKey,
      type: 'nps',
      score: 4,
      comment: 'Checkout was slow',
      context: { source: 'server', userId: 'u_42' },
    });
    expect(id).toMatch(/^fb_/);

    const listed = await hearback.feedback.list({ type: 'nps', scoreMax: 6, status: 'new' }).toArray();
    expect(listed.map((item) => item.id)).toEqual([id]);

    const feedback = await hearback.feedback.get(id);
    expect(feedback).toMatchObject({
      id,
      orgId: server.orgId,
      score: 4,
      source: 'server',
      status: 'new',
      issueLink: null,
    });

    const triaged = await hearback.feedback.update(id, {
      status: 'triaged',
      issueLink: { url: 'https://github.com/acme/app/issues/12' },
    });
    expect(triaged.status).toBe('triaged');
    expect(triaged.issueLink).toEqual({
      tracker: 'github',
      url: 'https://github.com/acme/app/issues/12',
      key: 'acme/app#12',
    });
  });

  it('feedback.list iterates across every page', async () => {
    const ids: string[] = [];
    for (let score = 1; score <= 5; score++) {
      ids.push((await hearback.collect({ inboxKey: server.inboxKey, type: 'stars', score })).id);
    }
    const pages = [];
    for await (const page of hearback.feedback.list({ type: 'stars', limit: 2 }).pages()) pages.push(page);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    expect(pages.at(-1)?.nextCursor).toBeNull();

    const iterated: string[] = [];
    for await (const item of hearback.feedback.list({ type: 'stars', limit: 2 })) iterated.push(item.id);
    expect(iterated.sort()).toEqual([...ids].sort());
  });

  it('feedback: list with q, stats, search by meaning, similar', async () => {
    const inbox = await hearback.inboxes.create({ name: 'Search' });
    const comments = {
      photo: 'The app crashes every time I upload a photo',
      photoAgain: 'Uploading a picture makes the whole app crash',
      billing: 'I was charged twice for my subscription this month',
      darkMode: 'Please add a dark mode, the white screen hurts my eyes at night',
    };
    const ids: Record<string, string> = {};
    for (const [topic, comment] of Object.entries(comments)) {
      ids[topic] = (await hearback.collect({ inboxKey: inbox.inboxKey, type: 'csat', score: 2, comment })).id;
    }

    const charged = await hearback.feedback.list({ inboxId: inbox.id, q: 'CHARGED' }).toArray();
    expect(charged.map((item) => item.id)).toEqual([ids.billing]);

    const stats = await hearback.feedback.stats({ inboxId: inbox.id, from: '2020-01-01' });
    expect(stats).toMatchObject({
      total: 4,
      byInbox: [{ inboxId: inbox.id, inboxName: 'Search', count: 4 }],
      csat: { responses: 4, satisfied: 0, score: 0 },
    });

    const trends = await hearback.feedback.trends({ inboxId: inbox.id, interval: 'week', groupBy: 'type' });
    expect(trends).toMatchObject({ interval: 'week', timezone: 'Europe/Berlin', groupBy: 'type' });
    expect(trends.series.map(({ group, total, scoreType }) => ({ group, total, scoreType }))).toEqual([
      { group: 'csat', total: 4, scoreType: 'csat' },
    ]);
    expect(trends.series[0]?.buckets).toHaveLength(12);
    expect(trends.series[0]?.buckets.at(-1)).toMatchObject({
      count: 4,
      averageScore: 2,
      csatPercent: 0,
      csatResponses: 4,
    });
    // The export holds what the list shows, as a file: CSV by default, JSON and NDJSON on request.
    const csv = await hearback.feedback.export({ inboxId: inbox.id, q: 'charged' });
    expect(csv.split('\r\n')).toEqual([
      'id,createdAt,inboxId,brandId,type,score,comment,source,status,issueLink,assigneeId,context,tags',
      expect.stringMatching(
        new RegExp(`^${ids.billing},.+,csat,2,I was charged twice for my subscription this month,`),
      ),
      '',
    ]);
    const listed = await hearback.feedback.list({ inboxId: inbox.id }).toArray();
    expect(JSON.parse(await hearback.feedback.export({ inboxId: inbox.id, format: 'json' }))).toEqual(listed);
    const ndjson = await hearback.feedback.export({ inboxId: inbox.id, format: 'ndjson' });
    expect(
      ndjson
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(listed);

    // The embedding job runs from the outbox; this server runs it on demand.
    await server.runtime.runJobsUntilIdle();
    const searchesBefore = (await hearback.organization.get()).usage?.searches ?? Number.NaN;
    const { data } = await hearback.search('app freezes when I attach a picture', {
      limit: 2,
      filters: { inboxId: inbox.id },
    });
    expect(data.map((hit) => hit.feedback.id).sort()).toEqual([ids.photo, ids.photoAgain].sort());
    expect(data[0]?.similarity).toEqual(expect.any(Number));

    const similar = await hearback.feedback.similar(ids.photo as string, { limit: 1 });
    expect(similar.data.map((hit) => hit.feedback.id)).toEqual([ids.photoAgain]);
    // A search counts against the plan's allowance; similar does not.
    expect((await hearback.organization.get()).usage?.searches).toBe(searchesBefore + 1);

    const exact = await hearback.search('charged', { mode: 'keyword', filters: { inboxId: inbox.id } });
    expect(exact.data.map((hit) => [hit.feedback.id, hit.similarity])).toEqual([[ids.billing, null]]);

    // Themes of the last 7 days: the four comments are analyzed; each is in a theme or unclustered.
    const themes = await hearback.feedback.themes({ inboxId: inbox.id, limit: 5 });
    expect(themes).toMatchObject({ analyzed: 4, truncated: false, unindexed: 0, previousAnalyzed: 0 });
    expect(Date.parse(themes.to) - Date.parse(themes.from)).toBe(7 * 86_400_000);
    expect(themes.themes.reduce((sum, theme) => sum + theme.size, themes.unclustered)).toBe(4);
    expect(themes.themes.flatMap((theme) => theme.representatives).every((item) => item.inboxId === inbox.id)).toBe(
      true,
    );
  });

  it("feedback.themeItems: a theme's items page by page, each page with the theme", async () => {
    const inbox = await hearback.inboxes.create({ name: 'Themes' });
    const comments = [...THEME_CORPUS.checkout.slice(0, 6), ...THEME_CORPUS.darkMode.slice(0, 6)];
    for (const comment of comments) await hearback.collect({ inboxKey: inbox.inboxKey, type: 'text', comment });
    await server.runtime.runJobsUntilIdle();

    const themes = await hearback.feedback.themes({ inboxId: inbox.id });
    expect(themes.themes.length).toBeGreaterThan(0);
    for (const theme of themes.themes) {
      const query = { inboxId: inbox.id, from: themes.from, to: themes.to, limit: 2 };
      const pages = [];
      for await (const page of hearback.feedback.themeItems(theme.id, query).pages()) pages.push(page);
      expect(pages).toHaveLength(Math.ceil(theme.size / 2));
      expect(pages.every((page) => page.theme.id === theme.id && page.theme.label === theme.label)).toBe(true);
      const items = await hearback.feedback.themeItems(theme.id, query).toArray();
      expect(items.map((item) => item.id)).toEqual(pages.flatMap((page) => page.data.map((item) => item.id)));
      expect(items).toHaveLength(theme.size);
    }
    const unknown = await rejection(
      hearback.feedback.themeItems('thm_0000000000000000', { inboxId: inbox.id }).toArray(),
    );
    expect(unknown).toMatchObject({ status: 404, code: 'theme_not_found' });
  });

  it('feedback.notes: create, list, get, update, delete', async () => {
    const { id: feedbackId } = await hearback.collect({
      inboxKey: server.inboxKey,
      type: 'text',
      comment: 'Dark mode?',
    });
    const note = await hearback.feedback.notes.create(feedbackId, { body: 'Reproduced on Safari 18.' });
    expect(note).toMatchObject({ feedbackId, body: 'Reproduced on Safari 18.' });
    expect(note.id).toMatch(/^note_/);

    expect((await hearback.feedback.notes.list(feedbackId).toArray()).map((item) => item.id)).toEqual([note.id]);
    expect(await hearback.feedback.notes.get(feedbackId, note.id)).toEqual(note);
    const edited = await hearback.feedback.notes.update(feedbackId, note.id, { body: 'Also on Firefox.' });
    expect(edited.body).toBe('Also on Firefox.');

    await expect(hearback.feedback.notes.delete(feedbackId, note.id)).resolves.toBeUndefined();
    expect((await rejection(hearback.feedback.notes.get(feedbackId, note.id))).code).toBe('not_found');

    await hearback.feedback.update(feedbackId, { status: 'resolved' });
    expect((await hearback.feedback.update(feedbackId, { tags: ['Billing'] })).tags).toEqual(['billing']);
    expect(await hearback.feedback.tags()).toEqual([{ tag: 'billing', count: 1 }]);
    expect((await hearback.feedback.list({ tag: ['billing'] }).toArray()).map((item) => item.id)).toEqual([feedbackId]);
    await hearback.feedback.update(feedbackId, { tags: [] });
    const activity = await hearback.feedback.activity(feedbackId, { limit: 2 }).toArray();
    expect(activity.map(({ kind, from, to, noteId }) => ({ kind, from, to, noteId }))).toEqual([
      { kind: 'note_added', noteId: note.id },
      { kind: 'note_edited', noteId: note.id },
      { kind: 'note_deleted', noteId: note.id },
      { kind: 'status_changed', from: 'new', to: 'resolved' },
      { kind: 'tags_changed', from: [], to: ['billing'] },
      { kind: 'tags_changed', from: ['billing'], to: [] },
    ]);
    expect(new Set(activity.map((change) => change.actor.type))).toEqual(new Set(['api_key']));
  });

  it('feedback.delete: the item and its notes go; a second delete is not_found', async () => {
    const { id } = await hearback.collect({ inboxKey: server.inboxKey, type: 'text', comment: 'Spam, delete me' });
    await hearback.feedback.notes.create(id, { body: 'Spam.' });
    expect(await hearback.feedback.delete(id)).toEqual({ id, deleted: true, notesDeleted: 1 });
    expect((await rejection(hearback.feedback.get(id))).code).toBe('not_found');
    expect((await rejection(hearback.feedback.delete(id))).code).toBe('not_found');
  });

  it("feedback.erase: every item of one person's context member goes, and no one else's", async () => {
    const mine = await hearback.collect({
      inboxKey: server.inboxKey,
      type: 'text',
      comment: 'a',
      context: { userId: 'u_erase' },
    });
    await hearback.collect({ inboxKey: server.inboxKey, type: 'text', comment: 'b', context: { userId: 'u_erase' } });
    const other = await hearback.collect({
      inboxKey: server.inboxKey,
      type: 'text',
      comment: 'c',
      context: { userId: 'u_keep' },
    });
    expect(await hearback.feedback.erase({ context: { userId: 'u_erase' } })).toEqual({ deleted: 2 });
    expect((await rejection(hearback.feedback.get(mine.id))).code).toBe('not_found');
    expect((await hearback.feedback.get(other.id)).id).toBe(other.id);
    expect((await rejection(hearback.feedback.erase({ context: {} }))).code).toBe('validation_failed');
  });

  it('hooks: subscribe, sample, unsubscribe', async () => {
    const { id: feedbackId } = await hearback.collect({ inboxKey: server.inboxKey, type: 'text', comment: 'Hook me' });
    const hook = await hearback.hooks.subscribe({
      event: 'feedback.created',
      targetUrl: 'https://hooks.example.com/1',
    });
    expect(hook).toMatchObject({ event: 'feedback.created', targetUrl: 'https://hooks.example.com/1' });
    expect(hook.id).toMatch(/^auto_/);

    const sample = await hearback.hooks.sample('feedback.created');
    expect(sample.data[0]).toEqual(await hearback.feedback.get(feedbackId));

    await expect(hearback.hooks.unsubscribe(hook.id)).resolves.toBeUndefined();
    expect((await rejection(hearback.hooks.unsubscribe(hook.id))).code).toBe('not_found');
  });

  it('inboxes: create, list, get, update, delete', async () => {
    const inbox = await hearback.inboxes.create({ name: 'Checkout widget' });
    expect(inbox.inboxKey).toBeTruthy();
    expect((await hearback.inboxes.list().toArray()).map((item) => item.id)).toContain(inbox.id);
    expect(await hearback.inboxes.get(inbox.id)).toEqual(inbox);
    expect((await hearback.inboxes.update(inbox.id, { name: 'Checkout' })).name).toBe('Checkout');
    await hearback.collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 });
    expect(await hearback.inboxes.delete(inbox.id)).toEqual({ id: inbox.id, deleted: true, feedbackDeleted: 1 });
    expect((await rejection(hearback.inboxes.get(inbox.id))).status).toBe(404);
  });

  it('brands: create, list, get, update, delete', async () => {
    const brand = await hearback.brands.create({ name: 'Acme Mobile' });
    expect(brand.id).toMatch(/^brd_/);
    expect((await hearback.brands.list({ limit: 1 }).toArray()).map((item) => item.id)).toContain(brand.id);
    expect(await hearback.brands.get(brand.id)).toEqual(brand);
    expect((await hearback.brands.update(brand.id, { name: 'Acme Apps' })).name).toBe('Acme Apps');
    await hearback.apiKeys.create({ name: 'Brand reader', scopes: ['read'], brandId: brand.id });
    expect(await hearback.brands.delete(brand.id)).toEqual({ id: brand.id, deleted: true, apiKeysDeleted: 1 });
    expect((await rejection(hearback.brands.get(brand.id))).code).toBe('not_found');
  });

  it("views: create, list, get, update, delete; a view's filters list feedback", async () => {
    const view = await hearback.views.create({ name: 'Unhappy', filters: { type: 'nps', scoreMax: 6 } });
    expect(view).toMatchObject({ name: 'Unhappy', filters: { type: 'nps', scoreMax: 6 }, brandId: null });
    expect((await hearback.views.list({ limit: 1 }).toArray()).map((item) => item.id)).toContain(view.id);
    expect(await hearback.views.get(view.id)).toEqual(view);
    const updated = await hearback.views.update(view.id, { filters: { status: 'new' } });
    expect(updated.filters).toEqual({ status: 'new' });
    expect(await hearback.feedback.list({ ...updated.filters, limit: 1 }).toArray()).toBeInstanceOf(Array);
    const taken = await rejection(hearback.views.create({ name: 'Unhappy', filters: {} }));
    expect(taken).toMatchObject({ status: 409, code: 'conflict' });
    expect(await hearback.views.delete(view.id)).toEqual({ id: view.id, deleted: true });
    expect((await rejection(hearback.views.get(view.id))).code).toBe('not_found');
  });

  it('auditLog.list: the changes made, newest first, filtered by action', async () => {
    const inbox = await hearback.inboxes.create({ name: 'Audited' });
    const [latest] = await hearback.auditLog.list({ action: 'inbox.created', limit: 1 }).toArray();
    expect(latest).toMatchObject({
      action: 'inbox.created',
      actor: { type: 'api_key', name: 'Admin key' },
      resource: { type: 'inbox', id: inbox.id },
      details: { name: 'Audited' },
    });
  });

  it('automations: create, list, get, update, rotate the signing secret, delete', async () => {
    const created = await hearback.automations.create({
      name: 'Detractors',
      events: ['feedback.created'],
      filter: { type: 'nps', scoreMax: 6 },
      webhook: { url: 'https://hooks.example.com/hearback', body: { text: '{{feedback.comment}}' } },
    });
    expect(created).toMatchObject({
      kind: 'automation',
      enabled: true,
      signingSecret: expect.stringMatching(/^whsec_/),
    });
    const { signingSecret, ...shown } = created;
    expect((await hearback.automations.list().toArray()).map((item) => item.id)).toContain(created.id);
    expect(await hearback.automations.get(created.id)).toEqual(shown);
    expect((await hearback.automations.update(created.id, { enabled: false })).enabled).toBe(false);
    const rotated = await hearback.automations.rotateSigningSecret(created.id);
    expect(rotated.signingSecret).toMatch(/^whsec_/);
    expect(rotated.signingSecret).not.toBe(signingSecret);
    const invalid = await rejection(
      hearback.automations.create({ name: 'x', events: [], webhook: { url: 'ftp://example.com' } }),
    );
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await hearback.automations.delete(created.id)).toEqual({ id: created.id, deleted: true });
    expect((await rejection(hearback.automations.get(created.id))).code).toBe('not_found');
  });

  it('automations: preview renders without sending; test sends a signed sample to the webhook', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.end('received');
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const webhook = { url, body: { text: '{{feedback.comment}}', score: '{{feedback.score}}' } };
      const preview = await hearback.automations.preview({ events: ['feedback.created'], webhook });
      expect(preview.request).toMatchObject({ method: 'POST', url });
      expect(JSON.parse(preview.request.body)).toMatchObject({ score: expect.any(Number) });
      expect(received).toEqual([]);

      const created = await hearback.automations.create({ name: 'Tested', events: ['feedback.created'], webhook });
      const result = await hearback.automations.test(created.id);
      expect(result.outcome).toMatchObject({ kind: 'response', status: 200, responseExcerpt: 'received' });
      expect(received).toHaveLength(1);
      const [delivery] = received;
      if (!delivery) throw new Error('the receiver got nothing');
      expect(verifyWebhook(delivery.body, delivery.headers, created.signingSecret)).toEqual(
        JSON.parse(result.request.body),
      );
      const invalid = await rejection(hearback.automations.test(created.id, { event: 'feedback.updated' }));
      expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });

      // A real delivery, then its log and redelivery.
      await hearback.collect({ inboxKey: server.inboxKey, type: 'text', comment: 'delivered for real' });
      await server.runtime.runJobsUntilIdle();
      const [logged] = await hearback.automations.deliveries(created.id).toArray();
      expect(logged).toMatchObject({ status: 'succeeded', attempts: [expect.objectContaining({ statusCode: 200 })] });
      if (!logged) throw new Error('no delivery logged');
      const again = await hearback.automations.redeliver(created.id, logged.id);
      expect(again).toMatchObject({ id: logged.id, status: 'pending' });
      await server.runtime.runJobsUntilIdle();
      expect(received.map((request) => request.headers['webhook-id']).slice(-2)).toEqual([
        logged.eventId,
        logged.eventId,
      ]);
      expect(await hearback.automations.redeliverFailed(created.id, { since: '2026-01-01T00:00:00Z' })).toEqual({
        queued: 0,
      });
    } finally {
      receiver.close();
    }
  });

  it('apiKeys: create, list, get, update, revoke; a revoked key stops working', async () => {
    const created = await hearback.apiKeys.create({ name: 'Reporting', scopes: ['read'] });
    expect(created.secret).toMatch(/^hb_/);
    const { secret: _secret, ...publicFields } = created;
    expect((await hearback.apiKeys.list().toArray()).map((item) => item.id)).toContain(created.id);
    expect(await hearback.apiKeys.get(created.id)).toEqual(publicFields);
    expect((await hearback.apiKeys.update(created.id, { name: 'Reporting (BI)' })).name).toBe('Reporting (BI)');

    const reporter = sdk(created.secret);
    expect((await reporter.organization.get()).id).toBe(server.orgId);
    // A key alone (no orgId) learns its organization, brand and scopes.
    expect(await sdk(created.secret, null).apiKeys.current()).toMatchObject({
      id: created.id,
      orgId: server.orgId,
      brandId: null,
      scopes: ['read'],
    });
    const revoked = await hearback.apiKeys.revoke(created.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(await hearback.apiKeys.revoke(created.id)).toEqual(revoked);
    const error = await rejection(reporter.organization.get());
    expect(error).toMatchObject({ status: 401, code: 'revoked_api_key' });
  });

  it('secrets: create, list, put, delete; no answer carries a value', async () => {
    const created = await hearback.secrets.create({ name: 'SLACK_TOKEN', value: 'xoxb-contract-first' });
    expect(created).toEqual({ name: 'SLACK_TOKEN', createdAt: expect.any(String), updatedAt: created.createdAt });
    expect(await rejection(hearback.secrets.create({ name: 'SLACK_TOKEN', value: 'again' }))).toMatchObject({
      status: 409,
      code: 'conflict',
    });
    const replaced = await hearback.secrets.put('SLACK_TOKEN', 'xoxb-contract-second');
    expect(replaced).toMatchObject({ name: 'SLACK_TOKEN', createdAt: created.createdAt });
    expect((await hearback.secrets.put('API_PASSWORD', 'contract-password')).name).toBe('API_PASSWORD');
    const listed = await hearback.secrets.list({ limit: 1 }).toArray();
    expect(listed.map((secret) => secret.name)).toEqual(['API_PASSWORD', 'SLACK_TOKEN']);
    expect(JSON.stringify(listed)).not.toContain('contract');
    await hearback.secrets.delete('API_PASSWORD');
    expect((await rejection(hearback.secrets.delete('API_PASSWORD'))).code).toBe('not_found');
  });

  it('pages: analytics and export of responses', async () => {
    const page = await hearback.pages.create({
      title: 'Insights contract',
      questions: [
        { id: 'recommend', type: 'nps', title: 'Recommend us?', required: true },
        { id: 'why', type: 'short_text', title: 'Why?' },
      ],
    });
    await hearback.pages.publish(page.id);
    const response = await hearback.pages.responses.submit(page.id, { answers: { recommend: 10, why: '=cmd' } });

    const analytics = await hearback.pages.analytics(page.id);
    expect(analytics).toMatchObject({ pageId: page.id, completions: 1, views: 0, conversionRate: null });
    expect(analytics.daily).toHaveLength(30);
    expect(analytics.questions.map((question) => question.questionId)).toEqual(['recommend', 'why']);
    expect(analytics.questions[0]?.nps).toMatchObject({ score: 100, promoters: 1 });

    const csv = await hearback.pages.responses.export(page.id);
    expect(csv.split('\r\n')).toEqual([
      'id,createdAt,pageVersion,contactName,contactEmail,Recommend us?,Why?',
      `${response.id},${response.createdAt},1,,,10,'=cmd`,
      '',
    ]);
    const ndjson = await hearback.pages.responses.export(page.id, { format: 'ndjson' });
    expect(JSON.parse(ndjson)).toEqual(response);
    const missing = await rejection(hearback.pages.responses.export('page_01jd3x2k9v6c4h8m2n5p7q1r3s'));
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('throws HearbackApiError with the problem, its code and the request id', async () => {
    const error = await rejection(hearback.feedback.get('fb_missing'));
    expect(error).toBeInstanceOf(HearbackApiError);
    expect(error).toMatchObject({ name: 'HearbackApiError', status: 404, code: 'not_found', isRetryable: false });
    expect(error.requestId).toMatch(/^req_[0-9a-f]{32}$/);
    expect(error.problem?.requestId).toBe(error.requestId);
    expect(error.message).toContain('fb_missing');

    const invalid = await rejection(hearback.collect({ inboxKey: server.inboxKey, type: 'stars', score: 9 }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(invalid.errors?.[0]?.path).toBe('score');

    const unknownKey = await rejection(sdk('hb_unknown_secret').organization.get());
    expect(unknownKey).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const collectOnly = await rejection(sdk(server.collectKey).feedback.list().toArray());
    expect(collectOnly).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });

  it('a spent plan allowance throws 429 with limit, plan and resetAt', async () => {
    const starter = await server.runtime.bootstrap({ name: 'Starter org', plan: 'starter' });
    const error = await rejection(sdk(starter.adminKey, starter.organization.id).inboxes.create({ name: 'Second' }));
    expect(error).toMatchObject({
      status: 429,
      code: 'inbox_limit_reached',
      limit: 1,
      plan: 'starter',
      resetAt: null,
      isRetryable: false,
    });
  });

  it('a repeated idempotency key returns the first submission', async () => {
    const body = { inboxKey: server.inboxKey, type: 'thumbs', score: 1 } as const;
    const first = await hearback.collect(body, { idempotencyKey: 'order-42' });
    const again = await hearback.collect(body, { idempotencyKey: 'order-42' });
    expect(again.id).toBe(first.id);
    const byEventId = await hearback.collect({ ...body, eventId: 'evt-7' });
    expect((await hearback.collect({ ...body, eventId: 'evt-7' })).id).toBe(byEventId.id);
  });

  it('pages: share, qrSvg, qrPng and flyer', async () => {
    const page = await hearback.pages.create({ title: 'Share me', slug: 'share-me' });
    const links = await hearback.pages.share(page.id);
    expect(links.url).toMatch(/\/f\/[a-z0-9-]+\/share-me$/);
    expect(links.emailSignatureHtml).toContain(`href="${links.url}"`);
    expect(await hearback.pages.qrSvg(page.id)).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    const png = await hearback.pages.qrPng(page.id, { size: 128 });
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(await hearback.pages.flyer(page.id, { paper: 'a4' })).toContain('@page{size:A4;');
    const tooSmall = await rejection(hearback.pages.qrPng(page.id, { size: 8 }));
    expect(tooSmall).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('org-scoped methods reject clearly without an orgId', async () => {
    const noOrg = sdk(server.adminKey, null);
    await expect(noOrg.feedback.get('fb_1')).rejects.toThrow(TypeError);
    await expect(noOrg.inboxes.list().toArray()).rejects.toThrow(/orgId/);
    await expect(noOrg.search('checkout')).rejects.toThrow(/orgId/);
  });

  /** Signs a person up as a browser would and returns their session cookie. */
  async function signUp(email: string): Promise<{ session: string; userId: string }> {
    const response = await server.fetch(
      new Request('http://hearback.test/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://hearback.test' },
        body: JSON.stringify({ email, password: 'a long enough password', name: email.split('@')[0] }),
      }),
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((entry) => entry.startsWith('hearback.session_token='));
    const { user } = (await response.json()) as { user: { id: string } };
    return { session: (cookie as string).split(';')[0] as string, userId: user.id };
  }

  it('teams: sign up, create an organization, invite and accept, roles, ownership, plan, deletion', async () => {
    // The instance's first user administers it (plans).
    const ann = await signUp('ann@example.com');
    const created = await sdk(ann, null).account.createOrganization({ name: 'Team Co' });
    expect(created.role).toBe('owner');
    const orgId = created.organization.id;
    const annInTeam = sdk(ann, orgId);

    const issued = await annInTeam.members.invite({ email: 'grace@example.com', role: 'member' });
    expect(issued.invite).toMatchObject({ email: 'grace@example.com', role: 'member', state: 'pending' });
    const other = await annInTeam.members.invite({ email: 'bob@example.com', role: 'viewer' });
    const resent = await annInTeam.members.resendInvite(other.invite.id);
    expect(resent.acceptUrl).not.toBe(other.acceptUrl);
    expect((await annInTeam.members.revokeInvite(other.invite.id)).state).toBe('revoked');
    expect((await annInTeam.members.invites().toArray()).map((invite) => invite.state)).toEqual(['revoked', 'pending']);

    const grace = await signUp('grace@example.com');
    const token = new URL(issued.acceptUrl).searchParams.get('token') as string;
    expect(await sdk(grace, null).account.previewInvite(token)).toMatchObject({
      role: 'member',
      email: 'grace@example.com',
    });
    expect(await sdk(grace, null).account.acceptInvite(token)).toEqual({ orgId, role: 'member' });
    const account = await sdk(grace, null).account.get();
    expect(account.organizations.map(({ organization, role }) => [organization.id, role])).toEqual([[orgId, 'member']]);

    const graceInTeam = sdk(grace, orgId);
    expect((await graceInTeam.members.list()).map((member) => [member.email, member.role])).toEqual([
      ['ann@example.com', 'owner'],
      ['grace@example.com', 'member'],
    ]);
    // A member cannot manage people; an admin can.
    expect((await rejection(graceInTeam.members.invite({ email: 'x@example.com', role: 'viewer' }))).code).toBe(
      'insufficient_scope',
    );
    // Single sign-on (the enterprise plan): a provider, a domain proven by DNS, then removed.
    const sso = await annInTeam.sso.put({
      issuer: 'https://login.team.example',
      clientId: 'hearback',
      clientSecret: 'a client secret',
      emailDomains: ['team.example'],
      defaultRole: 'member',
    });
    expect(await annInTeam.sso.get()).toEqual(sso);
    const [domain] = sso.emailDomains;
    dns.publish(domain?.record.name ?? '', domain?.record.value ?? '');
    expect((await annInTeam.sso.verifyDomain('team.example')).verifiedAt).toEqual(expect.any(String));
    await annInTeam.sso.delete();
    expect((await rejection(annInTeam.sso.get())).code).toBe('not_found');

    // A viewer joins and leaves by themself; the owner cannot leave before handing over.
    const carolInvite = await annInTeam.members.invite({ email: 'carol@example.com', role: 'viewer' });
    const carol = await signUp('carol@example.com');
    await sdk(carol, null).account.acceptInvite(new URL(carolInvite.acceptUrl).searchParams.get('token') as string);
    expect(await sdk(carol, orgId).members.leave()).toEqual({ orgId, userId: carol.userId, left: true });
    expect((await sdk(carol, null).account.get()).organizations).toEqual([]);
    expect((await rejection(annInTeam.members.leave())).code).toBe('conflict');

    expect((await annInTeam.members.setRole(grace.userId, 'admin')).role).toBe('admin');
    expect((await annInTeam.organization.setPlan('team')).plan).toBe('team');
    expect((await annInTeam.members.transferOwnership(grace.userId)).role).toBe('owner');
    expect(await graceInTeam.members.remove(ann.userId)).toEqual({ userId: ann.userId, removed: true });
    expect((await rejection(annInTeam.organization.get())).code).toBe('not_found');
    expect(await graceInTeam.organization.delete(created.organization.slug)).toEqual({ id: orgId, deleted: true });
  });

  it('every operation in openapi/openapi.json was answered 2xx through its SDK method', () => {
    const unanswered = documentOperations
      .filter(({ operationId }) => !answered.get(operationId)?.some((status) => status >= 200 && status < 300))
      .map(
        ({ operationId }) =>
          `${operationId} (${OPERATIONS[operationId as keyof typeof OPERATIONS]?.method ?? 'no SDK method'})`,
      );
    expect(unanswered).toEqual([]);
  });
});
