export const FEEDBACK_TYPES = ['thumbs', 'stars', 'nps', 'csat', 'emoji', 'text'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_STATUSES = ['new', 'triaged', 'in_progress', 'resolved', 'closed', 'spam'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Inclusive integer score range per type; `null` means the type carries no score. */
export const SCORE_RANGES: Record<FeedbackType, { min: number; max: number } | null> = {
  thumbs: { min: 0, max: 1 },
  stars: { min: 1, max: 5 },
  nps: { min: 0, max: 10 },
  csat: { min: 1, max: 5 },
  emoji: { min: 1, max: 5 },
  text: null,
};

export const ISSUE_TRACKERS = ['github', 'gitlab', 'jira', 'linear', 'asana'] as const;
export type IssueTracker = (typeof ISSUE_TRACKERS)[number];

export interface IssueLink {
  tracker: IssueTracker;
  url: string;
  /** Display key derived from the URL, e.g. `owner/repo#12` or `PROJ-7`. */
  key: string;
}

export interface Feedback {
  id: string;
  orgId: string;
  inboxId: string;
  brandId: string | null;
  type: FeedbackType;
  score: number | null;
  comment: string | null;
  context: Record<string, unknown>;
  source: string | null;
  status: FeedbackStatus;
  issueLink: IssueLink | null;
  createdAt: string;
  updatedAt: string;
}

export interface FeedbackFilters {
  type?: FeedbackType | undefined;
  scoreMin?: number | undefined;
  scoreMax?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  inboxId?: string | undefined;
  source?: string | undefined;
  status?: FeedbackStatus | undefined;
  /** Case-insensitive substring of the comment. */
  q?: string | undefined;
}
