import { describe, expect, it } from 'vitest';
import { templateTextEventProblems, webhookTemplateEventIssues } from './template-events.js';

const BOTH = ['feedback.created', 'page_response.created'] as const;

describe('templateTextEventProblems', () => {
  it('names the placeholder and the subscribed events that carry nothing at its root', () => {
    expect(templateTextEventProblems('score {{feedback.score}}', BOTH)).toEqual([
      expect.stringMatching(/^\{\{feedback\.score\}\}: page_response\.created events carry no feedback\. /),
    ]);
    expect(templateTextEventProblems('{{ response }}', ['feedback.created', 'feedback.updated'])).toEqual([
      expect.stringMatching(/^\{\{response\}\}: feedback\.created and feedback\.updated events carry no response\. /),
    ]);
  });

  it('accepts what every subscribed event carries: its own resource, the envelope and secrets', () => {
    expect(
      templateTextEventProblems('{{feedback.score}} {{feedback}}', ['feedback.created', 'feedback.updated']),
    ).toEqual([]);
    expect(templateTextEventProblems('{{response.answers.recommend}}', ['page_response.created'])).toEqual([]);
    expect(templateTextEventProblems('{{event.type}} {{event.id}} {{secrets.API_TOKEN}}', BOTH)).toEqual([]);
  });

  it('leaves a placeholder wrong in itself to the template check, so it is named once', () => {
    expect(templateTextEventProblems('{{feedback.scroe}} {{user.email}} {{two words}}', BOTH)).toEqual([]);
  });
});

describe('webhookTemplateEventIssues', () => {
  it('points at each header and body string holding such a placeholder, not at keys', () => {
    const issues = webhookTemplateEventIssues(
      {
        headers: { 'X-Score': '{{feedback.score}}', 'X-Type': '{{event.type}}' },
        body: { text: '{{event.type}} score {{feedback.score}}', '{{feedback.id}}': 1, list: ['{{feedback}}'] },
      },
      BOTH,
    );
    expect(issues.map(({ path }) => path.join('.'))).toEqual([
      'webhook.headers.X-Score',
      'webhook.body.text',
      'webhook.body.list.0',
    ]);
  });

  it('finds nothing without templates, and skips event types the registry lacks', () => {
    expect(webhookTemplateEventIssues({ headers: null, body: null }, BOTH)).toEqual([]);
    expect(webhookTemplateEventIssues({ body: { text: '{{feedback.score}}' } }, ['feedback.deleted'])).toEqual([]);
  });
});
