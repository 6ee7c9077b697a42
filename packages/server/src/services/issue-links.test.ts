import { describe, expect, it } from 'vitest';
import type { IssueTracker } from '../domain/feedback.js';
import { ApiError } from '../errors/api-error.js';
import { parseIssueLink } from './issue-links.js';

function refusal(input: { tracker?: IssueTracker; url: string }): ApiError {
  try {
    parseIssueLink(input);
  } catch (error) {
    if (ApiError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected ${input.url} to be refused`);
}

describe('parseIssueLink', () => {
  describe.each<[IssueTracker, [string, string][]]>([
    [
      'github',
      [
        ['https://github.com/acme/app/issues/12', 'acme/app#12'],
        ['https://github.com/acme/app/pull/34', 'acme/app#34'],
        ['https://github.com/acme-inc/my.app_v2/issues/7/', 'acme-inc/my.app_v2#7'],
        ['https://github.com/acme/app/issues/12#issuecomment-1', 'acme/app#12'],
        ['https://acme.ghe.com/platform/api/issues/4', 'platform/api#4'],
      ],
    ],
    [
      'gitlab',
      [
        ['https://gitlab.com/acme/app/-/issues/5', 'acme/app#5'],
        ['https://gitlab.com/acme/platform/web/app/-/issues/5', 'acme/platform/web/app#5'],
        ['https://gitlab.com/acme/app/-/merge_requests/8', 'acme/app!8'],
        ['https://git.example.com/team/app/-/issues/3', 'team/app#3'],
        ['https://git.example.com/team/app/-/merge_requests/9', 'team/app!9'],
        ['https://gitlab.com/acme/app/-/work_items/11', 'acme/app#11'],
      ],
    ],
    [
      'jira',
      [
        ['https://acme.atlassian.net/browse/PROJ-7', 'PROJ-7'],
        ['https://jira.example.com/browse/OPS_2-42', 'OPS_2-42'],
        ['https://acme.atlassian.net/jira/software/projects/PROJ/boards/1?selectedIssue=PROJ-8', 'PROJ-8'],
        ['https://acme.atlassian.net/jira/software/projects/PROJ/issues/PROJ-9', 'PROJ-9'],
        ['https://acme.atlassian.net/jira/software/c/projects/PROJ/issues/PROJ-10/', 'PROJ-10'],
        ['https://acme.atlassian.net/jira/servicedesk/projects/HELP/issues/HELP-3', 'HELP-3'],
      ],
    ],
    [
      'linear',
      [
        ['https://linear.app/acme/issue/ENG-123', 'ENG-123'],
        ['https://linear.app/acme/issue/ENG-123/login-crash-on-safari', 'ENG-123'],
      ],
    ],
    [
      'asana',
      [
        ['https://app.asana.com/0/1201234567890123/1209876543210987', 'asana#1209876543210987'],
        ['https://app.asana.com/0/1201234567890123/1209876543210987/f', 'asana#1209876543210987'],
        ['https://app.asana.com/1/111/project/222/task/333', 'asana#333'],
      ],
    ],
  ])('%s', (tracker, cases) => {
    it.each(cases)('derives the key of %s → %s, with and without the tracker named', (url, key) => {
      expect(parseIssueLink({ url })).toEqual({ tracker, url, key });
      expect(parseIssueLink({ tracker, url })).toEqual({ tracker, url, key });
    });
  });

  it('stores the normalized URL', () => {
    expect(parseIssueLink({ url: 'HTTPS://GitHub.com/acme/app/issues/12' })).toEqual({
      tracker: 'github',
      url: 'https://github.com/acme/app/issues/12',
      key: 'acme/app#12',
    });
  });

  it('accepts plain http for self-hosted trackers', () => {
    expect(parseIssueLink({ url: 'http://gitlab.intranet/ops/infra/-/issues/1' })).toMatchObject({
      tracker: 'gitlab',
      key: 'ops/infra#1',
    });
  });

  it.each([
    ['https://github.acme.internal/platform/api/issues/4', 'platform/api#4'],
    ['http://git.intranet:8080/ops/infra/pull/17', 'ops/infra#17'],
  ])('accepts GitHub Enterprise Server on any host when github is named: %s', (url, key) => {
    expect(parseIssueLink({ tracker: 'github', url })).toEqual({ tracker: 'github', url, key });
    expect(refusal({ url }).message).toContain('For GitHub Enterprise Server, set the tracker to github.');
  });

  it.each<[IssueTracker, string]>([
    ['github', 'https://acme.atlassian.net/browse/PROJ-7'],
    ['github', 'https://gitlab.com/acme/app/-/issues/5'],
    ['gitlab', 'https://github.com/acme/app/issues/12'],
    ['jira', 'https://linear.app/acme/issue/ENG-123'],
    ['linear', 'https://github.com/acme/app/issues/12'],
    ['asana', 'https://acme.atlassian.net/browse/PROJ-7'],
  ])('refuses tracker %s for %s', (tracker, url) => {
    const error = refusal({ tracker, url });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error.message).toBe(`Not a ${tracker} issue URL.`);
    expect(error.errors).toEqual([{ path: 'issueLink.url', message: error.message }]);
  });

  it.each([
    ['a repository page', 'https://github.com/acme/app'],
    ['a GitHub issue list', 'https://github.com/acme/app/issues'],
    ['a GitHub issue with a non-numeric id', 'https://github.com/acme/app/issues/abc'],
    ['a GitHub lookalike host', 'https://github.com.evil.example/acme/app/issues/12'],
    ['a Jira board without a selected issue', 'https://acme.atlassian.net/jira/software/projects/PROJ/boards/1'],
    [
      'a Jira Cloud issue path outside Atlassian cloud',
      'https://example.com/jira/software/projects/PROJ/issues/PROJ-9',
    ],
    ['a Jira Cloud project page', 'https://acme.atlassian.net/jira/software/projects/PROJ/issues'],
    ['selectedIssue outside Atlassian cloud', 'https://example.com/board?selectedIssue=PROJ-8'],
    ['a lower-case Jira key', 'https://acme.atlassian.net/browse/proj-7'],
    ['a Linear project page', 'https://linear.app/acme/project/roadmap-123'],
    ['an Asana project page', 'https://app.asana.com/0/1201234567890123/list'],
    ['an unrelated site', 'https://example.com/issues/12'],
  ])('refuses %s when detecting the tracker', (_label, url) => {
    const error = refusal({ url });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error.message).toContain('github, gitlab, jira, linear, asana');
    expect(error.errors?.map((entry) => entry.path)).toEqual(['issueLink.url']);
  });

  it.each([
    ['not a URL', 'PROJ-7', 'Not a valid URL.'],
    ['a relative path', '/acme/app/issues/12', 'Not a valid URL.'],
    ['an empty string', '', 'Not a valid URL.'],
    ['a javascript: URL', 'javascript:alert(1)', 'Issue links must be http(s) URLs.'],
    ['an ftp URL', 'ftp://github.com/acme/app/issues/12', 'Issue links must be http(s) URLs.'],
  ])('refuses %s', (_label, url, message) => {
    const error = refusal({ url });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message });
    expect(error.errors).toEqual([{ path: 'issueLink.url', message }]);
  });
});
