import { describe, expect, it } from 'vitest';
import { templateTextProblems } from './template-roots.js';

describe('templateTextProblems', () => {
  it('accepts text without placeholders and every known root', () => {
    expect(templateTextProblems('plain text, even with } braces {')).toEqual([]);
    expect(
      templateTextProblems(
        '{{feedback.comment}} {{feedback.context.plan}} {{event.id}} {{event.type}} {{event.timestamp}} {{secrets.API_TOKEN}} {{response.pageId}}',
      ),
    ).toEqual([]);
  });

  it('accepts a resource root alone (the whole resource) and paths its schema can hold', () => {
    expect(templateTextProblems('{{feedback}} {{ response }}')).toEqual([]);
    expect(
      templateTextProblems(
        '{{feedback.issueLink.url}} {{feedback.context.device.os}} {{response.answers.recommend}} {{response.contact.email}}',
      ),
    ).toEqual([]);
  });

  it('names an unknown root and the roots there are', () => {
    const [problem] = templateTextProblems('{{user.email}}');
    expect(problem).toContain('unknown root "user"');
    expect(problem).toContain('feedback.*');
    expect(problem).toContain('secrets.NAME');
  });

  it('knows one name per thing: no data.* and no page_response.* (the registry calls it response)', () => {
    expect(templateTextProblems('{{data.score}}')[0]).toContain('unknown root "data"');
    expect(templateTextProblems('{{page_response.id}}')[0]).toContain('unknown root "page_response"');
  });

  it('names a member the resource or the event does not have', () => {
    expect(templateTextProblems('{{feedback.scroe}}')[0]).toMatch(/feedback has no member "scroe".*score/);
    expect(templateTextProblems('{{feedback.issueLink.nope}}')[0]).toMatch(
      /feedback.issueLink has no member "nope".*url/,
    );
    expect(templateTextProblems('{{feedback.score.x}}')[0]).toContain('feedback.score has no member "x"');
    expect(templateTextProblems('{{event.data}}')[0]).toContain('event has no member "data"');
    expect(templateTextProblems('{{event.type.x}}')[0]).toContain('event.type has no member "x"');
    expect(templateTextProblems('{{event}}')[0]).toContain('name one member of the event');
  });

  it('takes exactly one secret, with a name the secrets API accepts', () => {
    expect(templateTextProblems('{{secrets}}')).toHaveLength(1);
    expect(templateTextProblems('{{secrets.A.B}}')).toHaveLength(1);
    expect(templateTextProblems('{{secrets.9LIVES}}')).toHaveLength(1);
    expect(templateTextProblems('{{secrets.api_token}}')[0]).toContain('no secret can have this name');
    expect(templateTextProblems('{{secrets.API-TOKEN}}')[0]).toContain('upper-case letter');
  });

  it('refuses malformed and unclosed placeholders', () => {
    expect(templateTextProblems('{{ }}')[0]).toContain('is not a placeholder');
    expect(templateTextProblems('{{two words}}')[0]).toContain('is not a placeholder');
    expect(templateTextProblems('Hello {{feedback.comment')[0]).toContain('opens no valid placeholder');
    expect(templateTextProblems('{{feedback.{{x}}}}')).not.toEqual([]);
  });
});
