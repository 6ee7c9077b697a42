import type { IssueLink, IssueTracker } from '../domain/feedback.js';
import { ISSUE_TRACKERS } from '../domain/feedback.js';
import { ApiError } from '../errors/api-error.js';

/**
 * Returns the display key for a URL of its tracker, or null when it is not one. `named`: the caller
 * said which tracker it is, so a host that only that tracker's self-hosted edition uses is believed.
 */
type Parser = (url: URL, named: boolean) => string | null;

/** Jira Cloud sites; self-hosted Jira (Server, Data Center) links issues as `/browse/KEY` only. */
const isJiraCloud = (url: URL) => url.hostname.endsWith('.atlassian.net');
/** A Jira issue key: the project key, a dash, the number (`APP-12`, `OPS_2-42`). */
const JIRA_KEY = '[A-Z][A-Z0-9_]+-\\d+';
const JIRA_BROWSE_PATH = new RegExp(`^/browse/(${JIRA_KEY})/?$`);
const JIRA_CLOUD_ISSUE_PATH = new RegExp(`^/jira/(?:[\\w-]+/)+issues/(${JIRA_KEY})/?$`);
const JIRA_KEY_ONLY = new RegExp(`^${JIRA_KEY}$`);

const PARSERS: Record<IssueTracker, Parser> = {
  github(url, named) {
    // GitHub Enterprise Server runs on any host: believed when the tracker is named (its paths are
    // those of Gitea and others too). Enterprise Cloud with data residency is `<name>.ghe.com`.
    if (url.hostname !== 'github.com' && !url.hostname.endsWith('.ghe.com') && !named) return null;
    const match = /^\/([\w.-]+)\/([\w.-]+)\/(?:issues|pull)\/(\d+)\/?$/.exec(url.pathname);
    return match ? `${match[1]}/${match[2]}#${match[3]}` : null;
  },
  gitlab(url) {
    // Self-hosted GitLab lives on any host; its issue paths always carry the `/-/` separator.
    const match = /^\/(.+?)\/-\/(issues|merge_requests|work_items)\/(\d+)\/?$/.exec(url.pathname);
    if (!match) return null;
    return `${match[1]}${match[2] === 'merge_requests' ? '!' : '#'}${match[3]}`;
  },
  jira(url) {
    const match = JIRA_BROWSE_PATH.exec(url.pathname);
    if (match?.[1]) return match[1];
    if (!isJiraCloud(url)) return null;
    // The address bar of Jira Cloud: `/jira/software/projects/APP/issues/APP-12` (also `/c/…`,
    // service management and business projects), or a board with `?selectedIssue=APP-12`.
    const issuePage = JIRA_CLOUD_ISSUE_PATH.exec(url.pathname);
    if (issuePage?.[1]) return issuePage[1];
    const selected = url.searchParams.get('selectedIssue');
    return selected && JIRA_KEY_ONLY.test(selected) ? selected : null;
  },
  linear(url) {
    if (url.hostname !== 'linear.app') return null;
    const match = /^\/[\w-]+\/issue\/([A-Z][A-Z0-9]*-\d+)(?:\/[^/]*)?\/?$/.exec(url.pathname);
    return match?.[1] ?? null;
  },
  asana(url) {
    if (url.hostname !== 'app.asana.com') return null;
    // Classic `/0/{project}/{task}` and current `/1/{workspace}/project/{p}/task/{task}` links.
    const match = /^\/0\/\d+\/(\d+)(?:\/f)?\/?$/.exec(url.pathname) ?? /\/task\/(\d+)(?:\/f)?\/?$/.exec(url.pathname);
    return match ? `asana#${match[1]}` : null;
  },
};

/**
 * Validates an issue URL for its tracker (or detects the tracker) and derives a display key.
 *
 * @example
 * parseIssueLink({ url: 'https://github.com/acme/app/issues/12' })
 * // → { tracker: 'github', url: '…', key: 'acme/app#12' }
 */
export function parseIssueLink(input: { tracker?: IssueTracker | undefined; url: string }): IssueLink {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw invalidLink('issueLink.url', 'Not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalidLink('issueLink.url', 'Issue links must be http(s) URLs.');
  }
  const candidates = input.tracker ? [input.tracker] : ISSUE_TRACKERS;
  for (const tracker of candidates) {
    const key = PARSERS[tracker](url, input.tracker !== undefined);
    if (key) return { tracker, url: url.toString(), key };
  }
  throw invalidLink(
    'issueLink.url',
    input.tracker
      ? `Not a ${input.tracker} issue URL.`
      : `Not an issue URL of a supported tracker (${ISSUE_TRACKERS.join(', ')}). For GitHub Enterprise Server, set the tracker to github.`,
  );
}

function invalidLink(path: string, message: string): ApiError {
  return new ApiError(400, 'validation_failed', message, { errors: [{ path, message }] });
}
