import { AutomationPreviewInputSchema, checkInput } from '@hearback/inputs';
import { describe, expect, it } from 'vitest';
import { errorsUnder } from './field-errors.js';
import { fieldName, jsonLocation } from './field-labels.js';

describe('the words the automation editor uses for an API path', () => {
  it('names a field by its label', () => {
    expect(fieldName('filter.scoreMax')).toBe('Highest score');
    expect(fieldName('webhook.url')).toBe('URL');
    expect(fieldName('events.1')).toBe('When');
  });

  it('names a header by its name, dots and all, and a place in the body template as its author wrote it', () => {
    expect(fieldName('webhook.headers.x.trace')).toBe('Header “x.trace”');
    expect(fieldName('webhook.body.blocks.0.text')).toBe('Body template (JSON), at “blocks” › item 1 › “text”');
    expect(jsonLocation(['text'])).toBe('“text”');
  });

  it('names every path the API refuses in a preview without its members’ names', () => {
    const check = checkInput(AutomationPreviewInputSchema, {
      name: ' ',
      events: ['feedback.created'],
      event: 'feedback.updated',
      filter: { scoreMin: 5, scoreMax: 2, source: '' },
      webhook: {
        url: 'https://user:pw@hooks.example.com/',
        headers: { 'webhook-id': 'x' },
        body: { blocks: [{ text: '{{feedback.scroe}}' }] },
      },
    });
    if (check.success) throw new Error('the draft was accepted');
    const named = check.errors.map((error) => fieldName(error.path));
    expect(named.sort()).toEqual([
      'Body template (JSON), at “blocks” › item 1 › “text”',
      'Header “webhook-id”',
      'Highest score',
      'Name',
      'Sample event',
      'Source',
      'URL',
    ]);
    for (const error of check.errors) expect(error.message).not.toMatch(/scoreM(in|ax)|one of events/);
  });
});

describe('the errors of a field that edits a structure', () => {
  const errors = { 'webhook.body.blocks.0.text': 'Unknown root.', 'webhook.body': 'Too deep.', name: 'Empty.' };

  it('says where in the structure each one is, in the words `locate` gives', () => {
    expect(errorsUnder(errors, 'webhook.body', (path) => `At ${jsonLocation(path)}`)).toBe(
      'At “blocks” › item 1 › “text”: Unknown root. Too deep.',
    );
  });

  it('gives the message alone without `locate`, and nothing for a field without errors', () => {
    expect(errorsUnder({ 'events.1': 'feedback.created is listed twice.' }, 'events')).toBe(
      'feedback.created is listed twice.',
    );
    expect(errorsUnder(errors, 'webhook.url')).toBeUndefined();
  });
});
