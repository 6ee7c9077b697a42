import { z } from 'zod';
import { writeInput } from './write-input.js';

/** The longest name of a saved view. */
export const MAX_VIEW_NAME_LENGTH = 100;

/**
 * A saved view's name. The view's filters are the feedback list's query, which the server defines
 * with its query parameters; the dashboard takes them from the list's URL as they are.
 */
export const ViewNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_VIEW_NAME_LENGTH)
  .meta({ example: 'Unhappy NPS, untriaged' });

/**
 * The part of a saved view's body a person types: its name. The filters are the feedback list's
 * query as the list's URL holds it; the server checks them against its query parameters.
 */
export const ViewNameInputSchema = writeInput({ name: ViewNameSchema });
