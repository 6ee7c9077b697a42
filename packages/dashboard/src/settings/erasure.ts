import { counted } from '@hearback/spec';

/** How the person to erase is named: one top-level member of `context`, or the contact email they gave. */
export type ErasureSubject = { kind: 'context'; name: string; value: string } | { kind: 'contact'; email: string };

/** What the role may erase: feedback items (`write`) and feedback page responses (`forms`). */
export interface ErasureReach {
  feedback: boolean;
  responses: boolean;
}

/** How many of each went; a kind left undefined was not asked for (the role may not, or the subject cannot name it). */
export interface ErasureCounts {
  feedback?: number;
  responses?: number;
}

/** Whether a subject of `kind` can erase anything a role with `reach` may: feedback is named by context only. */
export function erasesAnything(kind: ErasureSubject['kind'], reach: ErasureReach): boolean {
  return reach.responses || (reach.feedback && kind === 'context');
}

/** The subject as the admin named it: `userId = u_42`, or the email address. */
export function subjectLabel(subject: ErasureSubject): string {
  return subject.kind === 'context' ? `${subject.name} = ${subject.value}` : subject.email;
}

/**
 * The erasure's result in words.
 *
 * @example
 * erasureSummary({ feedback: 3, responses: 2 }, subject); // 'Erased 3 feedback items and 2 page responses of userId = u_42.'
 */
export function erasureSummary(counts: ErasureCounts, subject: ErasureSubject): string {
  const label = subjectLabel(subject);
  const parts = [
    counts.feedback !== undefined && counted(counts.feedback, 'feedback item'),
    counts.responses !== undefined && counted(counts.responses, 'page response'),
  ].filter((part): part is string => Boolean(part));
  if ((counts.feedback ?? 0) + (counts.responses ?? 0) === 0) {
    const searched =
      counts.feedback !== undefined && counts.responses !== undefined
        ? 'feedback or page responses'
        : counts.feedback !== undefined
          ? 'feedback'
          : 'page responses';
    return `Nothing matched ${label}: no ${searched} to erase.`;
  }
  return `Erased ${parts.join(' and ')} of ${label}.`;
}
