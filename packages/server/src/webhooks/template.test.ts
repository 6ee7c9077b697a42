import type { Placeholder } from '@hearback/inputs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderString, renderText, renderValue, valueAtPath } from './template.js';

const feedback = {
  comment: 'Great "app"',
  score: 9,
  tags: ['fast', 'ugly'],
  context: { page: '/pricing', device: { os: 'iOS' } },
  resolved: false,
  note: null,
};
const root = { feedback, event: { type: 'feedback.created' } };
/** Looks a placeholder up in `scope` by its root and members. */
const lookIn =
  (scope: unknown) =>
  ({ root: name, path }: Placeholder) =>
    valueAtPath(scope, [name, ...path]);
const resolve = lookIn(root);

/** What a delivery does with a rendered body: serialise it once. */
const bodyFor = (template: unknown, scope: unknown) => JSON.stringify(renderValue(template, lookIn(scope)));

describe('renderString', () => {
  it('keeps the JSON type of a value when the string is exactly one placeholder', () => {
    expect(renderString('{{feedback.score}}', resolve)).toBe(9);
    expect(renderString('{{ feedback.resolved }}', resolve)).toBe(false);
    expect(renderString('{{feedback.context}}', resolve)).toEqual(feedback.context);
    expect(renderString('{{feedback.tags}}', resolve)).toEqual(['fast', 'ugly']);
    expect(renderString('{{feedback.comment}}', resolve)).toBe('Great "app"');
  });

  it('gives null for a whole placeholder with nothing behind it', () => {
    expect(renderString('{{feedback.missing}}', resolve)).toBeNull();
    expect(renderString('{{feedback.note}}', resolve)).toBeNull();
    expect(renderString('{{feedback.comment.length}}', resolve)).toBeNull();
  });

  it('inserts values as text among other text: objects as JSON, nothing as empty', () => {
    expect(renderString('Score {{feedback.score}}/10 on {{feedback.context.page}}', resolve)).toBe(
      'Score 9/10 on /pricing',
    );
    expect(renderString('os={{feedback.context.device}}', resolve)).toBe('os={"os":"iOS"}');
    expect(renderString('[{{feedback.missing}}][{{feedback.note}}]', resolve)).toBe('[][]');
    expect(renderString('{{feedback.tags.1}} {{feedback.resolved}}', resolve)).toBe('ugly false');
  });

  it('leaves text that is not a placeholder alone', () => {
    for (const text of ['{{}}', '{{ two words }}', '{{a..b}}', '{feedback.score}', '}} {{', '{{1abc}}']) {
      expect(renderString(text, resolve)).toBe(text);
    }
  });

  it('never follows inherited properties', () => {
    expect(renderString('{{feedback.constructor}}', resolve)).toBeNull();
    expect(renderText('[{{feedback.__proto__}}][{{feedback.toString}}]', resolve)).toBe('[][]');
  });
});

describe('renderValue', () => {
  it('renders every string of a JSON template and leaves keys and other values as they are', () => {
    const template = {
      text: 'New {{event.type}}: {{feedback.comment}}',
      score: '{{feedback.score}}',
      '{{feedback.score}}': 1,
      nested: [{ page: '{{feedback.context.page}}' }, 3, true, null],
    };
    expect(renderValue(template, resolve)).toEqual({
      text: 'New feedback.created: Great "app"',
      score: 9,
      '{{feedback.score}}': 1,
      nested: [{ page: '/pricing' }, 3, true, null],
    });
  });

  it('keeps a __proto__ key as data', () => {
    const rendered = renderValue(JSON.parse('{"__proto__": {"polluted": "{{feedback.score}}"}}'), resolve);
    expect(JSON.stringify(rendered)).toBe('{"__proto__":{"polluted":9}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps any comment inside its JSON string, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (comment) => {
        const scope = { feedback: { comment } };
        const template = {
          text: 'Said: {{feedback.comment}}!',
          exact: '{{feedback.comment}}',
          list: ['{{feedback.comment}}'],
        };
        const parsed = JSON.parse(bodyFor(template, scope));
        expect(parsed).toEqual({ text: `Said: ${comment}!`, exact: comment, list: [comment] });
      }),
      { numRuns: 200 },
    );
  });

  it('never expands a placeholder that arrives inside a value', () => {
    const hostile = [
      '{{secrets.TOKEN}}',
      '"}, "admin": true, "x": {"',
      'line\nbreak\\ and \u2028 and \u0000',
      '}} lone {{ open',
      '{{feedback.comment}}{{feedback.comment}}',
      '😀 \ud800 unpaired',
      "$$ and $& and $' and $1",
    ];
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...hostile), fc.string({ unit: 'grapheme' })),
        fc.constantFrom('{{feedback.comment}}', 'a {{feedback.comment}} b', '{{feedback.comment}}{{feedback.comment}}'),
        (comment, text) => {
          const scope = { feedback: { comment }, secrets: { TOKEN: 'leaked' } };
          const parsed = JSON.parse(bodyFor({ text }, scope)) as { text: string };
          // A function, so a comment such as `$$` is taken as it is, not as a replacement pattern.
          expect(parsed.text).toBe(text.replaceAll('{{feedback.comment}}', () => comment));
          expect(Object.keys(parsed)).toEqual(['text']);
        },
      ),
      { numRuns: 300 },
    );
  });
});
