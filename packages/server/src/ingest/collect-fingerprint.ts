import { createHash } from 'node:crypto';
import type { NewFeedback } from '../storage/repositories/feedback.js';

/** What a `/collect` submission asks to store: two submissions with these equal are the same one. */
export type Submission = Pick<NewFeedback, 'inboxId' | 'type' | 'score' | 'comment' | 'context'>;

/**
 * The fingerprint of a submission, stored with its row beside its idempotency key: a repeat of the
 * key is a retry when its fingerprint is equal, and a reuse of the key for something else when not.
 * The same submission is the same inbox, type, score, comment and context, compared after the
 * defaults (no score, comment or context is null, null, `{}`) and with the context's keys in any
 * order, so a client that serializes its retry afresh still sends the same submission.
 *
 * @example
 * submissionFingerprint({ inboxId, type: 'thumbs', score: 1, comment: null, context: {} });
 */
export function submissionFingerprint({ inboxId, type, score, comment, context }: Submission): string {
  const canonical = JSON.stringify([inboxId, type, score, comment, context], sortedKeys);
  return createHash('sha256').update(canonical).digest('base64url');
}

/**
 * Whether `item` repeats the submission stored with `storedFingerprint`. A row stored before rows
 * had fingerprints (or an item without one) cannot tell: it is taken as the same, as it was then.
 */
export function isSameSubmission(storedFingerprint: string | null, item: NewFeedback): boolean {
  const fingerprint = item.idempotencyFingerprint ?? null;
  return storedFingerprint === null || fingerprint === null || storedFingerprint === fingerprint;
}

/** A JSON.stringify replacer that writes every object with its keys sorted. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
