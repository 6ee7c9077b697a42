import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError } from '../errors/webhook-verification-error.js';
import { verifyWebhook } from './verify.js';

// Deliveries are signed by the independent `standardwebhooks` package, as a Standard Webhooks
// sender would sign them; verifyWebhook must accept exactly those.
const secret = `whsec_${randomBytes(24).toString('base64')}`;
const sender = new Webhook(secret);
const event = { id: 'evt_01', type: 'feedback.created', timestamp: '2026-11-22T10:15:00.000Z', data: { id: 'fb_01' } };
const body = JSON.stringify(event);

function signed(payload = body, at = new Date(), id = 'msg_01') {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sender.sign(id, at, payload),
  };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (WebhookVerificationError.isInstance(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('verifyWebhook', () => {
  it('accepts a delivery signed by standardwebhooks and returns its event', () => {
    expect(verifyWebhook(body, signed(), secret)).toEqual(event);
  });

  it('agrees with standardwebhooks on what it accepts', () => {
    const headers = signed();
    expect(verifyWebhook(body, headers, secret)).toEqual(sender.verify(body, headers));
  });

  it('takes the body as bytes and headers as a fetch Headers object or in any letter case', () => {
    const headers = signed();
    expect(verifyWebhook(Buffer.from(body), new Headers(headers), secret)).toEqual(event);
    const shouting = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    expect(verifyWebhook(new TextEncoder().encode(body), shouting, secret)).toEqual(event);
  });

  it('accepts when any one of several signatures matches (secret rotation)', () => {
    const headers = signed();
    const other = new Webhook(`whsec_${randomBytes(24).toString('base64')}`).sign('msg_01', new Date(), body);
    headers['webhook-signature'] = `v1a,ignored ${other} ${headers['webhook-signature']}`;
    expect(verifyWebhook(body, headers, secret)).toEqual(event);
  });

  it('accepts a secret without the whsec_ prefix', () => {
    expect(verifyWebhook(body, signed(), secret.slice('whsec_'.length))).toEqual(event);
  });

  it('rejects a tampered body, a wrong secret and a forged signature', () => {
    const headers = signed();
    expect(codeOf(() => verifyWebhook(body.replace('fb_01', 'fb_02'), headers, secret))).toBe('invalid_signature');
    expect(codeOf(() => verifyWebhook(body, headers, `whsec_${randomBytes(24).toString('base64')}`))).toBe(
      'invalid_signature',
    );
    expect(codeOf(() => verifyWebhook(body, { ...headers, 'webhook-id': 'msg_02' }, secret))).toBe('invalid_signature');
    expect(codeOf(() => verifyWebhook(body, { ...headers, 'webhook-signature': 'v1,AAAA' }, secret))).toBe(
      'invalid_signature',
    );
    expect(codeOf(() => verifyWebhook(body, { ...headers, 'webhook-signature': 'v2,x' }, secret))).toBe(
      'invalid_signature',
    );
  });

  it('rejects stale and future timestamps (5 minutes either way by default)', () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    expect(codeOf(() => verifyWebhook(body, signed(body, minutesAgo(6)), secret))).toBe('timestamp_too_old');
    expect(codeOf(() => verifyWebhook(body, signed(body, minutesAgo(-6)), secret))).toBe('timestamp_too_new');
    expect(verifyWebhook(body, signed(body, minutesAgo(4)), secret)).toEqual(event);
    expect(codeOf(() => verifyWebhook(body, signed(body, minutesAgo(4)), secret, { toleranceSeconds: 60 }))).toBe(
      'timestamp_too_old',
    );
  });

  it('refuses what standardwebhooks refuses as stale', () => {
    const headers = signed(body, new Date(Date.now() - 10 * 60_000));
    expect(() => sender.verify(body, headers)).toThrow();
    expect(codeOf(() => verifyWebhook(body, headers, secret))).toBe('timestamp_too_old');
  });

  it('rejects missing headers, an unreadable timestamp, an empty secret and a body that is not JSON', () => {
    const { 'webhook-signature': _signature, ...unsigned } = signed();
    expect(codeOf(() => verifyWebhook(body, unsigned, secret))).toBe('missing_header');
    expect(codeOf(() => verifyWebhook(body, { ...signed(), 'webhook-timestamp': 'yesterday' }, secret))).toBe(
      'invalid_timestamp',
    );
    expect(codeOf(() => verifyWebhook(body, signed(), 'whsec_'))).toBe('invalid_secret');
    expect(codeOf(() => verifyWebhook('not json', signed('not json'), secret))).toBe('invalid_payload');
  });
});
