import type { AuditEntry } from './audit.js';
import type { Feedback } from './feedback.js';

/** What happened to a feedback item, as its activity history names it. */
export const ACTIVITY_KINDS = [
  'status_changed',
  'assigned',
  'unassigned',
  'issue_linked',
  'issue_unlinked',
  'tags_changed',
  'note_added',
  'note_edited',
  'note_deleted',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A field's value in an item's history: a status, a user id, an issue URL, or a set of tags. */
type ActivityValue = string | string[] | null;

/**
 * One change of an item: `from`/`to` for status (a status), assignment (user ids), links (issue
 * URLs), tags (the whole set before and after, sorted).
 */
export interface FeedbackActivity {
  id: string;
  at: string;
  actor: AuditEntry['actor'];
  kind: ActivityKind;
  from?: ActivityValue;
  to?: ActivityValue;
  noteId?: string;
}

interface Transition {
  from: ActivityValue;
  to: ActivityValue;
}

/** The fields of an item a triage request may change, as the audit log records them. */
type TriageState = Pick<Feedback, 'status' | 'assigneeId' | 'tags'> & { issueLink: string | null };

/**
 * The details of a `feedback.updated` entry: the fields given, and each one's value before and
 * after (the issue link as its URL). Plain facts: ids, a status, a URL.
 *
 * @example
 * triageDetails(before, after, ['status']); // { changed: ['status'], status: { from: 'new', to: 'triaged' } }
 */
export function triageDetails(before: Feedback, after: Feedback, changed: readonly string[]): Record<string, unknown> {
  const state = (feedback: Feedback): TriageState => ({
    status: feedback.status,
    assigneeId: feedback.assigneeId,
    issueLink: feedback.issueLink?.url ?? null,
    tags: feedback.tags,
  });
  const [from, to] = [state(before), state(after)];
  const details: Record<string, unknown> = { changed };
  for (const field of changed) {
    if (field in from) {
      const name = field as keyof TriageState;
      details[name] = { from: from[name], to: to[name] } satisfies Transition;
    }
  }
  return details;
}

const NOTE_KINDS: Partial<Record<AuditEntry['action'], ActivityKind>> = {
  'note.created': 'note_added',
  'note.updated': 'note_edited',
  'note.deleted': 'note_deleted',
};

function transitionOf(value: unknown): Partial<Transition> {
  if (typeof value !== 'object' || value === null) return {};
  const { from, to } = value as Partial<Transition>;
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}

/**
 * The changes an audit entry of an item records, in the order a triage request names them: one
 * per field for `feedback.updated` (a field set to the value it had is no change), one for a
 * note's entry. Entries written before values were recorded (only `changed`) give the kind
 * without `from`/`to`; a link or assignment among them cannot tell its direction and reads as
 * made (`issue_linked`, `assigned`).
 *
 * @example
 * activityOf(entry); // [{ id: 'aud_…:status', kind: 'status_changed', from: 'new', to: 'triaged', … }]
 */
export function activityOf(entry: AuditEntry): FeedbackActivity[] {
  const base = { at: entry.at, actor: entry.actor };
  const noteKind = NOTE_KINDS[entry.action];
  if (noteKind) return [{ id: entry.id, ...base, kind: noteKind, noteId: entry.resource.id }];
  if (entry.action !== 'feedback.updated') return [];
  const changed = Array.isArray(entry.details.changed) ? (entry.details.changed as string[]) : [];
  const activity: FeedbackActivity[] = [];
  for (const field of changed) {
    const transition = transitionOf(entry.details[field]);
    // Tags are sets written sorted: the same set is the same text.
    if ('from' in transition && JSON.stringify(transition.from) === JSON.stringify(transition.to)) continue;
    const made = transition.to !== null;
    const kind: ActivityKind | undefined =
      field === 'status'
        ? 'status_changed'
        : field === 'assigneeId'
          ? made
            ? 'assigned'
            : 'unassigned'
          : field === 'issueLink'
            ? made
              ? 'issue_linked'
              : 'issue_unlinked'
            : field === 'tags'
              ? 'tags_changed'
              : undefined;
    if (kind) activity.push({ id: `${entry.id}:${field}`, ...base, kind, ...transition });
  }
  return activity;
}
