import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_PATTERN, parsePlaceholder } from './automation.js';
import { templateTextProblems } from './template-roots.js';

describe('parsePlaceholder', () => {
  it('reads a root and a member path, spaces around allowed', () => {
    expect(parsePlaceholder('feedback.score')).toEqual({ root: 'feedback', path: ['score'] });
    expect(parsePlaceholder(' feedback.context.user-agent ')).toEqual({
      root: 'feedback',
      path: ['context', 'user-agent'],
    });
    expect(parsePlaceholder('secrets.API_TOKEN')).toEqual({ root: 'secrets', path: ['API_TOKEN'] });
  });

  it.each(['', 'feedback', 'feedback.', '.score', 'feedback..score', 'feedback score', '1x.y', 'feedback.a b'])(
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

describe('templateTextProblems', () => {
  it('accepts text without placeholders and every known root', () => {
    expect(templateTextProblems('plain text, even with } braces {')).toEqual([]);
    expect(
      templateTextProblems(
        '{{feedback.comment}} {{feedback.context.plan}} {{event.id}} {{event.type}} {{event.timestamp}} {{secrets.API_TOKEN}} {{response.pageId}}',
      ),
    ).toEqual([]);
  });

  it('names an unknown root and the roots there are', () => {
    const [problem] = templateTextProblems('{{user.email}}');
    expect(problem).toContain('unknown root "user"');
    expect(problem).toContain('feedback.*');
    expect(problem).toContain('secrets.NAME');
  });

  it('names a member the resource does not have', () => {
    expect(templateTextProblems('{{feedback.scroe}}')[0]).toMatch(/feedback has no member "scroe".*score/);
    expect(templateTextProblems('{{event.data}}')[0]).toContain('event has no member "data"');
  });

  it('takes exactly one secret name', () => {
    expect(templateTextProblems('{{secrets.A.B}}')).toHaveLength(1);
    expect(templateTextProblems('{{secrets.9LIVES}}')).toHaveLength(1);
  });

  it('refuses malformed and unclosed placeholders', () => {
    expect(templateTextProblems('{{feedback}}')[0]).toContain('is not a placeholder');
    expect(templateTextProblems('{{ }}')[0]).toContain('is not a placeholder');
    expect(templateTextProblems('Hello {{feedback.comment')[0]).toContain('opens no valid placeholder');
    expect(templateTextProblems('{{feedback.{{x}}}}')).not.toEqual([]);
  });
});
