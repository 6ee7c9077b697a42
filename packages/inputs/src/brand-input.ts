import type { z } from 'zod';
import { NameSchema } from './text.js';
import { writeInput } from './write-input.js';

/** `POST …/brands` and `PATCH …/brands/{brandId}`. */
export const BrandInputSchema = writeInput({ name: NameSchema.meta({ example: 'Acme Mobile' }) });

export type BrandInput = z.input<typeof BrandInputSchema>;
