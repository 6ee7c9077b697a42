import type { z } from 'zod';
import { SlugSchema } from './slug.js';
import { NameSchema } from './text.js';
import { TimeZoneSchema } from './time-zone.js';
import { acrossMembers, writeInput } from './write-input.js';

/** `POST /organizations`. */
export const OrganizationCreateInputSchema = writeInput({ name: NameSchema.meta({ example: 'Acme Inc.' }) });

/** `PATCH /organizations/{orgId}`: the members given change. */
export const OrganizationUpdateInputSchema = writeInput({
  name: NameSchema.optional().meta({ example: 'Acme Inc.' }),
  slug: SlugSchema.optional().meta({
    description: 'Unique among organizations; moves the public page URLs.',
    example: 'acme',
  }),
  timezone: TimeZoneSchema.optional().meta({
    description:
      'An IANA time zone name (case and aliases accepted, stored canonical: `us/eastern` → `America/New_York`).',
    example: 'Europe/Berlin',
  }),
}).refine(
  (changes) => changes.name !== undefined || changes.slug !== undefined || changes.timezone !== undefined,
  acrossMembers('Give a name, a slug, a time zone or several.'),
);

export type OrganizationCreateInput = z.input<typeof OrganizationCreateInputSchema>;
export type OrganizationUpdateInput = z.input<typeof OrganizationUpdateInputSchema>;
