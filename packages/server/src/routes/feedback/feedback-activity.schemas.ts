import { z } from '@hono/zod-openapi';
import { ACTIVITY_KINDS } from '../../domain/feedback-activity.js';
import { AuditActorSchema } from '../audit-log/audit-log.schemas.js';
import { pageOf, Timestamp } from '../shared.schemas.js';

const Value = z.union([z.string(), z.array(z.string())]).nullable();

export const FeedbackActivitySchema = z
  .object({
    id: z.string().openapi({ example: 'aud_01jd3x2k9v6c4h8m2n5p7q1r3s:status' }),
    at: Timestamp,
    actor: AuditActorSchema,
    kind: z.enum(ACTIVITY_KINDS),
    from: Value.optional().openapi({
      description:
        'Before the change: a status (`status_changed`), a user id (`assigned`, `unassigned`), an issue URL (`issue_linked`, `issue_unlinked`), the whole set of tags, sorted (`tags_changed`); null for none.',
    }),
    to: Value.optional().openapi({ description: 'After the change, as `from`.' }),
    noteId: z.string().optional().openapi({ description: 'The note (`note_*`).' }),
  })
  .openapi('FeedbackActivity');

export const FeedbackActivityPageSchema = pageOf(FeedbackActivitySchema, 'FeedbackActivityPage');
