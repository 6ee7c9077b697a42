import { z } from '@hono/zod-openapi';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, AUDIT_RESOURCE_TYPES } from '../../domain/audit.js';
import {
  dateQuery,
  fromBoundDescription,
  PageQuery,
  pageOf,
  Timestamp,
  toBoundDescription,
} from '../shared.schemas.js';

export const AuditLogQuery = PageQuery.extend({
  action: z
    .enum(AUDIT_ACTIONS)
    .optional()
    .openapi({ param: { name: 'action', in: 'query' }, example: 'api_key.revoked' }),
  actorId: z
    .string()
    .optional()
    .openapi({
      param: { name: 'actorId', in: 'query' },
      description: 'Entries by this actor (an API key id, for now).',
      example: 'key_01jd3x2k9v6c4h8m2n5p7q1r3s',
    }),
  resourceType: z
    .enum(AUDIT_RESOURCE_TYPES)
    .optional()
    .openapi({ param: { name: 'resourceType', in: 'query' }, example: 'inbox' }),
  from: dateQuery('from', fromBoundDescription('Recorded')),
  to: dateQuery('to', toBoundDescription('Recorded')),
});

/** Who acted, as the audit log and an item's activity name them. */
export const AuditActorSchema = z
  .object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().openapi({ example: 'key_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    name: z
      .string()
      .nullable()
      .openapi({ description: "The actor's current name; null once it is gone (a deleted brand's keys)." }),
  })
  .openapi('AuditActor');

export const AuditEntrySchema = z
  .object({
    id: z.string().openapi({ example: 'aud_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    at: Timestamp,
    actor: AuditActorSchema,
    action: z.enum(AUDIT_ACTIONS),
    resource: z.object({
      type: z.enum(AUDIT_RESOURCE_TYPES),
      id: z.string().openapi({ description: 'Its id (a secret: its name). Kept after the resource is deleted.' }),
    }),
    details: z.record(z.string(), z.unknown()).openapi({
      description:
        'The fields a change touched (`changed`) and plain facts (a new key’s scopes); never a secret value.',
      example: { changed: ['name'] },
    }),
  })
  .openapi('AuditEntry');

export const AuditLogPageSchema = pageOf(AuditEntrySchema, 'AuditLogPage');
