import { describe, expect, it } from 'vitest';
import {
  AutomationInputSchema,
  AutomationPreviewInputSchema,
  AutomationUpdateInputSchema,
} from './automation-input.js';
import { checkInput } from './input-issues.js';
import { MAX_BODY_TEMPLATE_BYTES } from './webhook-input.js';

const valid = {
  name: 'Detractors to Slack',
  events: ['feedback.created'],
  filter: { type: 'nps', scoreMax: 6 },
  webhook: {
    url: 'https://hooks.example.com/hearback',
    headers: { authorization: 'Bearer {{secrets.API_TOKEN}}' },
    body: { text: '{{feedback.comment}}', score: '{{feedback.score}}' },
  },
};

/** The field errors the server's 400 would list for `body`, by path. */
function errorsOf(body: unknown): Record<string, string> {
  const check = checkInput(AutomationInputSchema, body);
  return check.success ? {} : Object.fromEntries(check.errors.map(({ path, message }) => [path, message]));
}

describe('the automation input', () => {
  it('takes an automation as the editor drafts it', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it('flags each bad field at the path the dashboard shows it beside', () => {
    const errors = errorsOf({
      ...valid,
      name: '   ',
      events: ['feedback.created', 'feedback.created'],
      filter: { scoreMin: 4, scoreMax: 2 },
      webhook: {
        url: 'https://user:pw@hooks.example.com/',
        headers: { 'Webhook-Signature': 'x' },
        body: { text: '{{feedback.scroe}}' },
      },
    });
    expect(Object.keys(errors).sort()).toEqual([
      'events.1',
      'filter.scoreMax',
      'name',
      'webhook.body.text',
      'webhook.headers.Webhook-Signature',
      'webhook.url',
    ]);
    expect(errors['filter.scoreMax']).toBe('Must be at least the lowest score.');
    expect(errors['webhook.url']).toMatch(/must not hold credentials/i);
    expect(errors['webhook.body.text']).toMatch(/feedback has no member "scroe"/);
    expect(errors['webhook.headers.Webhook-Signature']).toMatch(/cannot be overridden/);
  });

  it('refuses a placeholder in the URL, which no delivery fills', () => {
    const url = 'http://127.0.0.1:5320/t?x={{secrets.RECV_TOKEN}}';
    expect(errorsOf({ ...valid, webhook: { ...valid.webhook, url } })).toEqual({
      'webhook.url': expect.stringMatching(/^Placeholders are not expanded in the URL/),
    });
    const update = checkInput(AutomationUpdateInputSchema, { webhook: { url } });
    expect(update.success ? [] : update.errors.map((error) => error.path)).toEqual(['webhook.url']);
  });

  it('refuses an event type the registry does not have, and an unknown member', () => {
    expect(Object.keys(errorsOf({ ...valid, events: ['feedback.deleted'] }))).toEqual(['events.0']);
    expect(Object.keys(errorsOf({ ...valid, colour: 'red' }))).toEqual(['colour']);
  });

  it('bounds the body template in UTF-8 bytes, not characters', () => {
    // Each € is 3 bytes: a third of the limit in characters is already over it in bytes.
    const text = '€'.repeat(Math.ceil(MAX_BODY_TEMPLATE_BYTES / 3));
    expect(text.length).toBeLessThan(MAX_BODY_TEMPLATE_BYTES);
    expect(errorsOf({ ...valid, webhook: { ...valid.webhook, body: { text } } })).toEqual({
      'webhook.body': `At most ${MAX_BODY_TEMPLATE_BYTES} bytes as JSON.`,
    });
  });

  it('refuses a placeholder one of the subscribed events does not carry, where it is written', () => {
    const mixed = { ...valid, events: ['feedback.created', 'page_response.created'] };
    expect(errorsOf(mixed)).toEqual({
      'webhook.body.score': expect.stringMatching(
        /^\{\{feedback\.score\}\}: page_response\.created events carry no feedback\./,
      ),
      'webhook.body.text': expect.stringMatching(/^\{\{feedback\.comment\}\}: page_response\.created events/),
    });
    const preview = checkInput(AutomationPreviewInputSchema, { ...mixed, event: 'feedback.created' });
    expect(preview.success ? [] : preview.errors.map(({ path }) => path)).toEqual([
      'webhook.body.text',
      'webhook.body.score',
    ]);
    // What both kinds of event carry is fine for both.
    const envelopeOnly = { ...mixed, webhook: { ...valid.webhook, body: { text: '{{event.type}} {{event.id}}' } } };
    expect(errorsOf(envelopeOnly)).toEqual({});
  });

  it('asks a change for at least one member', () => {
    expect(checkInput(AutomationUpdateInputSchema, {})).toEqual({
      success: false,
      errors: [{ path: '', message: 'Send at least one member to change.' }],
    });
  });
});
