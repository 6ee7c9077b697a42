import { verifyWebhook } from '@hearback/node';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret } from '../secrets/sealed-values.js';
import type { OutboundRequest } from './contracts.js';
import { InvalidSigningSecretError, signRequest } from './sign.js';

const envelope = {
  id: 'evt_01JD7Q5R0000000000000000AB',
  type: 'feedback.created',
  timestamp: '2026-11-25T17:00:00.000Z',
  data: { id: 'fb_1', comment: 'Ünïcode “quotes” and 😀', score: 9 },
};
const request: OutboundRequest = {
  url: 'https://hooks.example.com/in',
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-custom': 'kept' },
  body: JSON.stringify(envelope),
};

describe('signRequest', () => {
  it('adds Standard Webhooks headers the independent standardwebhooks package verifies', () => {
    const secret = newSigningSecret();
    const now = new Date();
    const signed = signRequest(request, { id: envelope.id, secret, now });
    expect(signed.headers).toMatchObject({
      'x-custom': 'kept',
      'webhook-id': envelope.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(new Webhook(secret).verify(signed.body, signed.headers)).toEqual(envelope);
    expect(signed.headers['webhook-signature']).toBe(new Webhook(secret).sign(envelope.id, now, signed.body));
  });

  it("is accepted by @hearback/node's verifyWebhook", () => {
    const secret = newSigningSecret();
    const signed = signRequest(request, { id: envelope.id, secret });
    expect(verifyWebhook(signed.body, signed.headers, secret)).toEqual(envelope);
  });

  it('fails verification for a tampered body, id or timestamp, or another secret', () => {
    const secret = newSigningSecret();
    const signed = signRequest(request, { id: envelope.id, secret });
    const verifier = new Webhook(secret);
    const tamperedBody = signed.body.replace('"score":9', '"score":0');
    expect(() => verifier.verify(tamperedBody, signed.headers)).toThrow(/signature/i);
    expect(() => verifyWebhook(tamperedBody, signed.headers, secret)).toThrow(/signature/i);
    expect(() => verifier.verify(signed.body, { ...signed.headers, 'webhook-id': 'evt_other' })).toThrow();
    const earlier = String(Number(signed.headers['webhook-timestamp']) - 1);
    expect(() => verifier.verify(signed.body, { ...signed.headers, 'webhook-timestamp': earlier })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(signed.body, signed.headers)).toThrow();
  });

  it('signs with every secret given, so either side of a rotation verifies', () => {
    const [previous, next] = [newSigningSecret(), newSigningSecret()];
    const signed = signRequest(request, { id: envelope.id, secret: [next, previous] });
    expect(signed.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(previous).verify(signed.body, signed.headers)).toEqual(envelope);
    expect(verifyWebhook(signed.body, signed.headers, next)).toEqual(envelope);
  });

  it('refuses a secret that is not whsec_<base64>', () => {
    expect(() => signRequest(request, { id: envelope.id, secret: 'plain-secret' })).toThrow(InvalidSigningSecretError);
    expect(() => signRequest(request, { id: envelope.id, secret: 'whsec_' })).toThrow(InvalidSigningSecretError);
    expect(() => signRequest(request, { id: envelope.id, secret: [] })).toThrow(InvalidSigningSecretError);
  });
});
