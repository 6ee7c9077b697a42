import { OrganizationUpdateInputSchema } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { PLAN_NAMES } from '../../services/plans.js';
import { documentable, Timestamp } from '../shared.schemas.js';

const limit = z.number().int().nullable().openapi({ description: 'null: unlimited.' });

export const OrganizationUsageSchema = z
  .object({
    period: z.string().openapi({ description: 'Calendar month (UTC).', example: '2026-11' }),
    events: z.number().int(),
    eventsLimit: limit,
    searches: z.number().int(),
    searchesLimit: limit,
    inboxes: z.number().int(),
    inboxesLimit: limit,
  })
  .openapi('OrganizationUsage', { description: 'This month’s usage of the whole organization against its plan.' });

export const OrganizationSchema = z
  .object({
    id: z.string().openapi({ example: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    name: z.string(),
    slug: z.string().openapi({
      description: 'Names the organization in public page URLs (`/f/{orgSlug}/{pageSlug}`).',
      example: 'acme',
    }),
    plan: z.enum(PLAN_NAMES),
    timezone: z.string().openapi({
      description: 'IANA time zone name: trends count calendar days, weeks and months in it. `UTC` until set.',
      example: 'Europe/Berlin',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    // A union, not `.nullable()`: that would make the shared `OrganizationUsage` component nullable.
    usage: z.union([OrganizationUsageSchema, z.null()]).openapi({
      description:
        'Null for a brand-scoped API key: the figures count every brand, and a key limited to one brand is not told the volume of the others (its own brand’s figures are in `GET …/feedback/stats`).',
    }),
  })
  .openapi('Organization');

export const OrganizationUpdateSchema = documentable(OrganizationUpdateInputSchema).openapi('OrganizationUpdate');
