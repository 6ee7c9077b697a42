import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_PATTERN, parsePlaceholder, placeholderText, wholePlaceholder } from './placeholder.js';

describe('parsePlaceholder', () => {
  it('reads a root and a member path, spaces around allowed', () => {
    expect(parsePlaceholder('feedback.score')).toEqual({ root: 'feedback', path: ['score'] });
    expect(parsePlaceholder(' feedback.context.user-agent ')).toEqual({
      root: 'feedback',
      path: ['context', 'user-agent'],
    });
    expect(parsePlaceholder('secrets.API_TOKEN')).toEqual({ root: 'secrets', path: ['API_TOKEN'] });
  });

  it('reads a root alone (which roots may stand alone is template-roots.ts’s business)', () => {
    expect(parsePlaceholder(' feedback ')).toEqual({ root: 'feedback', path: [] });
  });

  it.each(['', ' ', 'feedback.', '.score', 'feedback..score', 'feedback score', '1x.y', 'feedback.a b', 'a-b.c'])(
    'refuses %j',
    (inside) => {
      expect(parsePlaceholder(inside)).toBeUndefined();
    },
  );

  it('is what PLACEHOLDER_PATTERN finds, brace to brace', () => {
    const found = [...'Hi {{ event.type }}: {{feedback.comment}}'.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]);
    expect(found).toEqual([' event.type ', 'feedback.comment']);
  });
});

describe('wholePlaceholder', () => {
  it('reads a text that is exactly one placeholder, and nothing else', () => {
    expect(wholePlaceholder('{{ feedback.score }}')).toEqual({ root: 'feedback', path: ['score'] });
    expect(wholePlaceholder('{{feedback}}')).toEqual({ root: 'feedback', path: [] });
    for (const text of ['Score {{feedback.score}}', '{{feedback.score}} ', '{{a}}{{b}}', '{{two words}}']) {
      expect(wholePlaceholder(text)).toBeUndefined();
    }
  });

  it('writes a placeholder back as it is addressed', () => {
    expect(placeholderText({ root: 'feedback', path: ['context', 'plan'] })).toBe('{{feedback.context.plan}}');
  });
});
