import { counted } from '@hearback/spec';
import { z } from 'zod';
import type { FeedbackActivityRecord } from '../backend.js';
import { quoted } from '../untrusted.js';
import { defineTool } from './define.js';
import { moreText } from './render.js';
import { NextCursor, PageInput } from './schemas.js';

const ACTIVITY_KINDS = [
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

const ActivityOutput = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({
    type: z.string().describe('api_key, user or system.'),
    id: z.string(),
    name: z.string().nullable().describe("The key's or the member's name: set by people, so untrusted."),
  }),
  kind: z.enum(ACTIVITY_KINDS),
  from: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional()
    .describe('Before: a status, a user id, an issue URL, or the whole set of tags (tags_changed).'),
  to: z
    .union([z.string(), z.array(z.string())])
    .nullable()
    .optional()
    .describe('After, as from.'),
  noteId: z.string().optional(),
});

type ActivityOutputType = z.infer<typeof ActivityOutput>;

function toOutput(change: FeedbackActivityRecord): ActivityOutputType {
  const { id, at, actor, kind, from, to, noteId } = change;
  return {
    id,
    at,
    actor: { type: actor.type, id: actor.id, name: actor.name },
    kind,
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    ...(noteId !== undefined && { noteId }),
  };
}

/** A value of a change as text: tags (typed by people, so untrusted) quoted, an empty set as none. */
function valueText(value: string | string[] | null | undefined): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((tag) => quoted(tag, 40)).join(', ');
  return value ?? 'none';
}

function describeChange(change: ActivityOutputType): string {
  const fromTo = `${valueText(change.from)} → ${valueText(change.to)}`;
  if (change.noteId) return `${change.kind.replace('_', ' ')} ${change.noteId}`;
  return change.from === undefined && change.to === undefined ? change.kind : `${change.kind} ${fromTo}`;
}

export const getFeedbackActivity = defineTool({
  name: 'get_feedback_activity',
  title: 'Get feedback activity',
  description:
    "One feedback item's history, oldest first: status changes, assignment, issue links, tags and notes, each with when and who (an API key or a member, by name). Use it to answer who triaged an item or why its status is what it is. Paginated: pass nextCursor as cursor for more.",
  operationId: 'getFeedbackActivity',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.getFeedbackActivity === 'function',
  inputSchema: z.strictObject({
    id: z.string().min(1).max(100).describe('The feedback id (fb_…).'),
    ...PageInput,
  }),
  outputSchema: z.object({ activity: z.array(ActivityOutput), nextCursor: NextCursor }),
  async run(backend, input) {
    if (!backend.getFeedbackActivity) throw new TypeError('This backend cannot read feedback activity.');
    const page = await backend.getFeedbackActivity(input.id, { limit: input.limit, cursor: input.cursor });
    return { activity: page.data.map(toOutput), nextCursor: page.nextCursor };
  },
  render({ activity, nextCursor }, input) {
    const more = moreText('changes', nextCursor);
    if (activity.length === 0) return `Feedback ${input.id} has no recorded changes. ${more}`.trim();
    const lines = activity.map((change) => {
      const who = change.actor.name === null ? change.actor.id : quoted(change.actor.name, 60);
      return `- ${change.at} · ${describeChange(change)} · by ${change.actor.type} ${who}`;
    });
    const header = `${counted(activity.length, 'change')} to feedback ${input.id}${nextCursor ? ' on this page' : ''}, oldest first:`;
    return `${header}\n${lines.join('\n')}${nextCursor ? `\n${more}` : ''}`;
  },
});
