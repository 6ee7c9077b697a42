import { verifyWebhook } from '@hearback/node';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedReceiver, startScriptedReceiver } from '../../test/support/scripted-receiver.js';
import { newSigningSecret } from '../secrets/sealed-values.js';
import type { WebhookEventEnvelope } from './contracts.js';
import { renderRequest } from './render.js';
import { GuardedWebhookSender } from './sender.js';
import { signRequest } from './sign.js';

// Render → sign → send, as a delivery does, with what the receiver got checked on its side.

const comment = 'Checkout "broke" at {{step}}\\n — 50 % off?\n😀 }} {{secrets.TOKEN}}';
const envelope: WebhookEventEnvelope = {
  id: 'evt_01JD7Q5R0000000000000000AB',
  type: 'feedback.created',
  timestamp: '2026-11-25T17:00:00.000Z',
  data: { id: 'fb_1', type: 'nps', score: 3, comment, context: { page: '/checkout' } },
};

let receiver: ScriptedReceiver;
let sender: GuardedWebhookSender;

beforeEach(async () => {
  receiver = await startScriptedReceiver();
  sender = new GuardedWebhookSender({ allowedCidrs: ['127.0.0.0/8'] });
});

afterEach(async () => {
  await sender.close();
  await receiver.close();
});

describe('a templated, signed webhook', () => {
  it('arrives as rendered, and verifies with the receiver-side libraries', async () => {
    const secret = newSigningSecret();
    const automation = {
      url: `${receiver.url}/slack`,
      method: 'POST',
      headers: JSON.stringify({ Authorization: 'Bearer {{secrets.TOKEN}}' }),
      body_template: JSON.stringify({
        text: 'NPS {{feedback.score}} on {{feedback.context.page}}: {{feedback.comment}}',
        score: '{{feedback.score}}',
        event: '{{event.id}}',
      }),
    };
    const { request } = renderRequest(automation, envelope, new Map([['TOKEN', 'xoxb-123']]));
    const outcome = await sender.send(signRequest(request, { id: envelope.id, secret }));

    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    const [received] = receiver.requests;
    if (!received) throw new Error('the receiver got nothing');
    const headers = received.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer xoxb-123');
    expect(headers['webhook-id']).toBe(envelope.id);
    expect(JSON.parse(received.body)).toEqual({
      text: `NPS 3 on /checkout: ${comment}`,
      score: 3,
      event: envelope.id,
    });
    expect(new Webhook(secret).verify(received.body, headers)).toEqual(JSON.parse(received.body));
    expect(verifyWebhook(received.body, headers, secret)).toEqual(JSON.parse(received.body));
  });

  it('sends the envelope when there is no template, with the same webhook-id on every attempt', async () => {
    const secret = newSigningSecret();
    const automation = { url: receiver.url, method: 'POST', headers: '{}', body_template: null };
    receiver.script((_request, response) => response.writeHead(500).end());
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { request } = renderRequest(automation, envelope, new Map());
      await sender.send(signRequest(request, { id: envelope.id, secret }));
    }
    expect(receiver.requests.map((received) => received.headers['webhook-id'])).toEqual([envelope.id, envelope.id]);
    for (const received of receiver.requests) {
      expect(verifyWebhook(received.body, received.headers, secret)).toEqual(envelope);
    }
  });
});
