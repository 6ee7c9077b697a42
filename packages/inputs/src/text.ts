import { z } from 'zod';

/** PostgreSQL text cannot hold U+0000 (SQLite can): refused on both, so both answer alike. */
export const WITHOUT_NUL = { message: 'Must not contain the NUL character (U+0000).' };

/**
 * Text stored in a text column, trimmed, `min`–`max` characters, without U+0000.
 *
 * @example
 * title: storableText({ min: 1, max: 200 })
 */
export function storableText(bounds: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(bounds.min ?? 0)
    .max(bounds.max)
    .refine((text) => !text.includes('\u0000'), WITHOUT_NUL);
}

/** The longest name of an organization, inbox, brand or API key. */
export const MAX_NAME_LENGTH = 200;

/** The name of an organization, inbox, brand or API key: trimmed, 1–{@link MAX_NAME_LENGTH} characters. */
export const NameSchema = z.string().trim().min(1).max(MAX_NAME_LENGTH);
