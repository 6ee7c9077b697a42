import { SLUG_PATTERN } from '@hearback/forms';
import { z } from 'zod';

/** A page's or organization's slug (see `SLUG_PATTERN`). */
export const SlugSchema = z
  .string()
  .regex(SLUG_PATTERN, { message: 'Use 1–64 lowercase letters, digits and single dashes, such as spring-survey.' });
