import { contextViolation, MAX_CONTEXT_BYTES, MAX_CONTEXT_DEPTH } from '@hearback/spec';
import { z } from 'zod';

/**
 * Depth before size: `JSON.stringify`, which measuring the size needs (as do storage and every
 * reply that echoes the context), overflows the stack a few thousand levels down.
 */
function withinBounds(context: unknown, ctx: z.RefinementCtx): void {
  const violation = contextViolation(context);
  if (violation) ctx.addIssue({ code: 'custom', message: violation });
}

/** Free-form metadata (a page response's `context`): any members, within the context bounds. */
export const FreeFormContextSchema = z.record(z.string(), z.unknown()).superRefine(withinBounds);

/**
 * A member of a feedback context that Hearback reads by name: text when given, null being none.
 * Anything else would be stored and then match nothing (`source: 5` is no source a filter finds).
 */
const namedText = (description: string, example: string) =>
  z.string().nullable().optional().meta({ description, example });

/**
 * A feedback's `context`: free-form within the context bounds, except the members the
 * specification names, which are text. `POST /collect` (both of its HTTP paths) and the MCP
 * `submit_feedback` tool take it; the server indexes `source` for the `source` filter, the lists'
 * groups and automation filters.
 *
 * @example
 * FeedbackContextSchema.safeParse({ source: 5 }).success; // false: `source` must be text
 */
export const FeedbackContextSchema = z
  .looseObject({
    source: namedText(
      'Where the feedback came from (`widget`, `server`, `mcp` …): the `source` filter matches it.',
      'widget',
    ),
    agentName: namedText('The AI agent that sent it, when one did.', 'support-assistant'),
  })
  .superRefine(withinBounds)
  .meta({
    description: `Free-form metadata: at most ${MAX_CONTEXT_BYTES / 1024} KB as JSON, objects and arrays nested at most ${MAX_CONTEXT_DEPTH} levels deep (\`context\` itself is level 1). \`source\` and \`agentName\` are text (or null) when given; any other member is free.`,
  });

export type FeedbackContextInput = z.output<typeof FeedbackContextSchema>;
