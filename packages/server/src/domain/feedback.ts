import type { IssueTracker } from '@hearback/inputs';
import type { FeedbackStatus, FeedbackType } from '@hearback/spec';

// The trackers are named by the feedback update's input (@hearback/inputs).
export { ISSUE_TRACKERS, type IssueTracker } from '@hearback/inputs';
export type { FeedbackStatus, FeedbackType };

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
  /** The member (a user id) the item is assigned to; null when unassigned. */
  assigneeId: string | null;
  /** Its tags for triage, normalized (`normalizeTag` of @hearback/spec), sorted. */
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface FeedbackFilters {
  type?: FeedbackType | undefined;
  scoreMin?: number | undefined;
  scoreMax?: number | undefined;
  /**
   * As a caller gives them to a service: a date (a day in the organization's time zone) or a
   * date-time with offset. The service reads them into instants (`readDateBounds`) before storage,
   * which compares them with `created_at`: `from` included, `to` left out.
   */
  from?: string | undefined;
  to?: string | undefined;
  inboxId?: string | undefined;
  /** Items of this brand's inboxes; with a brand-scoped key, of both brands (so none of another). */
  brandId?: string | undefined;
  source?: string | undefined;
  status?: FeedbackStatus | undefined;
  /** Case-insensitive substring of the comment. */
  q?: string | undefined;
  /** Items assigned to this member (a user id). */
  assigneeId?: string | undefined;
  /** `true`: items assigned to nobody (exclusive with `assigneeId`). */
  unassigned?: boolean | undefined;
  /** Items carrying every one of these tags (normalized). */
  tag?: string[] | undefined;
}
