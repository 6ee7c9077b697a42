import { z } from 'zod';

/**
 * Text stored in a text column, trimmed, `min`–`max` characters. (U+0000, which PostgreSQL text
 * cannot hold, is refused in every input by the text rule of input-issues.ts, not per field.)
 *
 * @example
 * title: storableText({ min: 1, max: 200 })
 */
export function storableText(bounds: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(bounds.min ?? 0)
    .max(bounds.max);
}

/** The longest name of an organization, inbox, brand or API key. */
export const MAX_NAME_LENGTH = 200;

/** The name of an organization, inbox, brand or API key: trimmed, 1–{@link MAX_NAME_LENGTH} characters. */
export const NameSchema = z.string().trim().min(1).max(MAX_NAME_LENGTH);
