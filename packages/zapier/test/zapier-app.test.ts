import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHearback, type TestHearback } from '@hearback/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zapier from 'zapier-platform-core';
import { authentication } from '../src/authentication.js';
import app from '../src/index.js';

/**
 * The app's triggers and actions run with Zapier's own harness (`createAppTester`, the same
 * handler Zapier runs them in) against a real Hearback server on 127.0.0.1.
 */
const appTester = zapier.createAppTester(app);

let hearback: TestHearback;
let authData: { baseUrl: string; apiKey: string };

beforeAll(async () => {
  hearback = await startHearback();
  authData = { baseUrl: hearback.url, apiKey: hearback.adminKey };
});
afterAll(async () => {
  await hearback.close();
});

interface Feedback {
  id: string;
  type: string;
  score: number | null;
  comment: string | null;
  source: string | null;
  status: string;
  issueLink: { tracker: string; url: string; key: string } | null;
}

async function collect(comment: string): Promise<string> {
  const response = await fetch(`${hearback.url}/collect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': hearback.collectKey },
    body: JSON.stringify({ inboxKey: hearback.inboxKey, type: 'stars', score: 3, comment }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function getFeedback(id: string): Promise<Feedback> {
  const response = await fetch(`${hearback.url}/organizations/${hearback.orgId}/feedback/${id}`, {
    headers: { 'x-service-key': hearback.adminKey },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Feedback;
}

async function createKey(scopes: string[]): Promise<string> {
  const response = await fetch(`${hearback.url}/organizations/${hearback.orgId}/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': hearback.adminKey },
    body: JSON.stringify({ name: `zapier ${scopes.join(' ')}`, scopes }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { secret: string }).secret;
}

describe('authentication', () => {
  it('tests the connection with GET /me and labels it with the key and its organization', async () => {
    expect(app.authentication).toBe(authentication);
    const key = (await appTester(authentication.test, { authData })) as { orgId: string; name: string };
    expect(key.orgId).toBe(hearback.orgId);
    const label = await appTester(authentication.connectionLabel, { authData, inputData: key });
    expect(label).toBe(`${key.name} (${hearback.orgId})`);
  });

  it('accepts the server address with a trailing slash', async () => {
    const key = (await appTester(authentication.test, {
      authData: { ...authData, baseUrl: `${hearback.url}/` },
    })) as { orgId: string };
    expect(key.orgId).toBe(hearback.orgId);
  });

  it('reports a key the server refuses as an expired connection, with the server’s reason', async () => {
    const refused = appTester(authentication.test, {
      authData: { ...authData, apiKey: 'hb_01jd3x2k9v6c4h8m2n5p7q1r3s_nope' },
    });
    await expect(refused).rejects.toMatchObject({ name: 'ExpiredAuthError', message: expect.stringMatching(/key/i) });
  });
});

describe('New Feedback trigger (REST hook)', () => {
  const trigger = app.triggers.new_feedback.operation;

  it('subscribes Zapier’s URL on Zap on, and unsubscribes it on Zap off', async () => {
    const targetUrl = 'https://hooks.zapier.com/hooks/standard/1/abc/';
    const subscribeData = (await appTester(trigger.performSubscribe, { authData, targetUrl })) as {
      id: string;
      event: string;
      targetUrl: string;
    };
    expect(subscribeData).toMatchObject({ id: expect.stringMatching(/^auto_/), event: 'feedback.created', targetUrl });

    await appTester(trigger.performUnsubscribe, { authData, subscribeData });
    // Gone: a second unsubscribe is the server's 404, shown as such.
    await expect(appTester(trigger.performUnsubscribe, { authData, subscribeData })).rejects.toThrow(
      /REST hook .* was not found/,
    );
  });

  it('receives a signed delivery at the subscribed URL and turns it into the stored feedback item', async () => {
    const delivering = await startHearback({ deliverWebhooksLocally: true });
    const receiver = createServer();
    const arrived = new Promise<{ body: string; signature: string | undefined }>((resolve) => {
      receiver.once('request', (request: IncomingMessage, response: ServerResponse) => {
        let body = '';
        request.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        request.on('end', () => {
          response.writeHead(200).end();
          resolve({ body, signature: request.headers['webhook-signature'] as string | undefined });
        });
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const auth = { baseUrl: delivering.url, apiKey: delivering.adminKey };
      const targetUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/catch`;
      await appTester(trigger.performSubscribe, { authData: auth, targetUrl });
      const response = await fetch(`${delivering.url}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': delivering.collectKey },
        body: JSON.stringify({ inboxKey: delivering.inboxKey, type: 'nps', score: 2, comment: 'delivered by a hook' }),
      });
      const { id } = (await response.json()) as { id: string };
      const delivery = await arrived;
      expect(delivery.signature).toMatch(/^v1,/);
      const stored = await fetch(`${delivering.url}/organizations/${delivering.orgId}/feedback/${id}`, {
        headers: { 'x-service-key': delivering.adminKey },
      }).then((answer) => answer.json());
      const items = await appTester(trigger.perform, { authData: auth, cleanedRequest: JSON.parse(delivery.body) });
      expect(items).toEqual([stored]);
    } finally {
      await delivering.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('turns a delivery into one trigger item: the feedback itself', async () => {
    const delivered = await getFeedback(await collect('from a hook'));
    expect(await appTester(trigger.perform, { authData, cleanedRequest: delivered })).toEqual([delivered]);
  });

  it('shows the three most recent feedback items as samples, exactly as the API returns them', async () => {
    const ids: string[] = [];
    for (const comment of ['first', 'second', 'third', 'fourth']) ids.push(await collect(comment));
    const expected = await Promise.all(ids.slice(1).reverse().map(getFeedback));
    expect(await appTester(trigger.performList, { authData })).toEqual(expected);
  });

  it('has a sample with the fields of a real item, so Zaps mapped before the first event still work', async () => {
    const real = await getFeedback(await collect('shape check'));
    expect(Object.keys(trigger.sample).sort()).toEqual(Object.keys(real).sort());
    expect(Object.keys(app.creates.submit_feedback.operation.sample).sort()).toEqual(Object.keys(real).sort());
  });

  it('refuses to subscribe with a key lacking the write scope, saying which scope is missing', async () => {
    const readOnly = { ...authData, apiKey: await createKey(['read']) };
    await expect(
      appTester(trigger.performSubscribe, { authData: readOnly, targetUrl: 'https://hooks.zapier.com/x' }),
    ).rejects.toThrow(/'write' scope/);
  });
});

describe('New Page Response trigger', () => {
  it('subscribes to page_response.created and samples nothing before pages have responses', async () => {
    const trigger = app.triggers.new_page_response.operation;
    const subscribeData = (await appTester(trigger.performSubscribe, {
      authData,
      targetUrl: 'https://hooks.zapier.com/hooks/standard/2/def/',
    })) as { id: string; event: string };
    expect(subscribeData.event).toBe('page_response.created');
    expect(await appTester(trigger.performList, { authData })).toEqual([]);
    await appTester(trigger.performUnsubscribe, { authData, subscribeData });
  });
});

describe('Submit Feedback action', () => {
  const action = app.creates.submit_feedback.operation;

  it('lists the inboxes for its dropdown, with their inbox keys', async () => {
    const inboxes = (await appTester(app.triggers.inbox_list.operation.perform, { authData })) as {
      inboxKey: string;
    }[];
    expect(inboxes.map((inbox) => inbox.inboxKey)).toContain(hearback.inboxKey);
  });

  it('stores the feedback through /collect and answers it as the API does, source zapier', async () => {
    const created = (await appTester(action.perform, {
      authData,
      inputData: { inboxKey: hearback.inboxKey, type: 'stars', score: 5, comment: 'Loved it', source: 'zapier' },
    })) as Feedback;
    expect(created).toMatchObject({ type: 'stars', score: 5, comment: 'Loved it', source: 'zapier', status: 'new' });
    expect(await getFeedback(created.id)).toEqual(created);
  });

  it('stores a submission repeated with the same deduplication id once', async () => {
    const inputData = { inboxKey: hearback.inboxKey, type: 'text', comment: 'Twice?', eventId: 'zap-run-42' };
    const first = (await appTester(action.perform, { authData, inputData })) as Feedback;
    const second = (await appTester(action.perform, { authData, inputData })) as Feedback;
    expect(second.id).toBe(first.id);
    expect((await hearback.listFeedback()).filter((item) => item.comment === 'Twice?')).toHaveLength(1);
  });

  it('shows the server’s reason for invalid input and stores nothing', async () => {
    const before = (await hearback.listFeedback()).length;
    const refused = appTester(action.perform, {
      authData,
      inputData: { inboxKey: hearback.inboxKey, type: 'stars', comment: 'no score' },
    });
    await expect(refused).rejects.toThrow(/score: Stars feedback needs a score from 1 to 5/);
    expect(await hearback.listFeedback()).toHaveLength(before);
  });
});

describe('Update Feedback action', () => {
  const action = app.creates.update_feedback.operation;

  it('sets the status and links an issue', async () => {
    const id = await collect('please triage me');
    const updated = (await appTester(action.perform, {
      authData,
      inputData: { id, status: 'in_progress', issueUrl: 'https://github.com/acme/app/issues/12' },
    })) as Feedback;
    expect(updated).toMatchObject({
      id,
      status: 'in_progress',
      issueLink: { tracker: 'github', url: 'https://github.com/acme/app/issues/12', key: 'acme/app#12' },
    });
    expect(await getFeedback(id)).toEqual(updated);
  });

  it('changes the status alone, leaving the issue link', async () => {
    const id = await collect('resolve me');
    await appTester(action.perform, { authData, inputData: { id, issueUrl: 'https://linear.app/acme/issue/ENG-1/x' } });
    const updated = (await appTester(action.perform, { authData, inputData: { id, status: 'resolved' } })) as Feedback;
    expect(updated).toMatchObject({ status: 'resolved', issueLink: { tracker: 'linear', key: 'ENG-1' } });
  });

  it('reports unknown feedback as not found', async () => {
    await expect(
      appTester(action.perform, { authData, inputData: { id: 'fb_00000000000000000000000000', status: 'closed' } }),
    ).rejects.toThrow(/Feedback fb_00000000000000000000000000 was not found/);
  });
});
