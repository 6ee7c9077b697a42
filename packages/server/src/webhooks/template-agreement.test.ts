import { EVENT_MEMBERS, EVENT_REGISTRY, EVENT_TYPES, type EventType, templateTextProblems } from '@hearback/inputs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WebhookEventEnvelope } from './contracts.js';
import { renderRequest } from './render.js';

// The create-time validation (@hearback/inputs: template-roots.ts) and the renderer must accept the same
// placeholders: one saved without a 400 renders, one refused never resolves.

const secrets = new Map([
  ['TOKEN', 't0k3n'],
  ['API_TOKEN', 'a91'],
]);

/** The registry's sample event of a type, as a delivery would carry it. */
function sampleEnvelope(type: EventType): WebhookEventEnvelope {
  return {
    id: 'evt_01JD0000000000000000000000',
    type,
    timestamp: '2026-11-25T17:00:00.000Z',
    data: EVENT_REGISTRY[type].sample,
  };
}

function render(text: string, type: EventType) {
  const template = { url: 'https://hooks.example.com/in', method: 'POST', headers: '{}' };
  return renderRequest({ ...template, body_template: JSON.stringify({ v: text }) }, sampleEnvelope(type), secrets);
}

/** Every placeholder an event type's sample has a value for, by the registry's names. */
function placeholdersFor(type: EventType): string[] {
  const { resourceRoot, sample } = EVENT_REGISTRY[type];
  return [
    `{{${resourceRoot}}}`,
    ...Object.keys(sample as object).map((member) => `{{${resourceRoot}.${member}}}`),
    ...EVENT_MEMBERS.map((member) => `{{event.${member}}}`),
    ...[...secrets.keys()].map((name) => `{{secrets.${name}}}`),
  ];
}

describe('templates: what the validation accepts is what the renderer resolves', () => {
  it.each(EVENT_TYPES)('renders every placeholder of a %s sample without a warning', (type) => {
    for (const placeholder of placeholdersFor(type)) {
      expect(templateTextProblems(placeholder), placeholder).toEqual([]);
      for (const text of [placeholder, `a ${placeholder} b`]) {
        expect(render(text, type).warnings, text).toEqual([]);
      }
    }
  });

  it('resolves nothing the validation refuses, and refuses nothing that resolves', () => {
    const segment = fc.constantFrom(
      ...['id', 'score', 'comment', 'context', 'source', 'url', 'issueLink', 'type', 'timestamp', 'pageId'],
      ...['TOKEN', 'API_TOKEN', 'api_token', '9LIVES', 'data', 'x', '0', 'user-agent', 'length', 'constructor'],
    );
    const root = fc.constantFrom(
      'feedback',
      'response',
      'event',
      'secrets',
      'data',
      'page_response',
      'user',
      'Feedback',
    );
    const inside = fc
      .tuple(fc.constantFrom('', ' '), root, fc.array(segment, { maxLength: 3 }), fc.constantFrom('', '  '))
      .map(([before, name, path, after]) => `${before}${[name, ...path].join('.')}${after}`);
    const malformed = fc.constantFrom('', ' ', 'two words', 'feedback..score', 'feedback.', '1x.y');

    fc.assert(
      fc.property(fc.oneof(inside, malformed), fc.constantFrom(...EVENT_TYPES), (text, type) => {
        const template = `{{${text}}}`;
        const accepted = templateTextProblems(template).length === 0;
        const { request, warnings } = render(template, type);
        const codes = warnings.map((warning) => warning.code);
        if (accepted) {
          // A valid placeholder may still find nothing in this particular event, never more.
          expect(codes.filter((code) => code !== 'missing_value')).toEqual([]);
        } else {
          const leftAsText = (JSON.parse(request.body) as { v: unknown }).v === template;
          expect(leftAsText || codes.includes('invalid_placeholder'), template).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
