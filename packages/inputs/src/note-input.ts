import type { z } from 'zod';
import { storableText } from './text.js';
import { writeInput } from './write-input.js';

/** The longest note. */
export const MAX_NOTE_LENGTH = 10_000;

/** `POST …/feedback/{id}/notes`. */
export const NoteInputSchema = writeInput({
  body: storableText({ min: 1, max: MAX_NOTE_LENGTH }).meta({ example: 'Reproduced on Safari 18.' }),
});

export type NoteInput = z.input<typeof NoteInputSchema>;
