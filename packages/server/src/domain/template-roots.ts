import { z } from 'zod';
import { PLACEHOLDER_PATTERN, parsePlaceholder } from './automation.js';
import { EVENT_REGISTRY } from './event-registry.js';

/** The envelope members `{{event.*}}` addresses (webhooks/contracts.ts, `WebhookEventEnvelope`). */
const EVENT_MEMBERS = ['id', 'type', 'timestamp'] as const;

/** What `{{secrets.NAME}}` accepts as NAME. */
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** The first members a resource root takes: the resource's own, or any for an open shape. */
function membersOf(schema: z.ZodType): readonly string[] | undefined {
  if (!(schema instanceof z.ZodObject) || schema._zod.def.catchall !== undefined) return undefined;
  return Object.keys(schema.shape);
}

/** Each resource root of the event registry, with its members (undefined: any). */
const RESOURCE_ROOTS = new Map<string, readonly string[] | undefined>(
  Object.values(EVENT_REGISTRY).map((definition) => [definition.resourceRoot, membersOf(definition.resource)]),
);

/** `feedback.*, response.*, event.* or secrets.NAME`: what a template may address. */
const ROOTS_TEXT = [...[...RESOURCE_ROOTS.keys(), 'event'].map((root) => `${root}.*`), 'secrets.NAME'].join(', ');

function placeholderProblem(inside: string): string | undefined {
  const shown = `{{${inside}}}`;
  const placeholder = parsePlaceholder(inside);
  if (!placeholder) return `${shown} is not a placeholder: write a dotted path such as {{feedback.comment}}.`;
  const [first = ''] = placeholder.path;
  if (placeholder.root === 'secrets') {
    return placeholder.path.length === 1 && SECRET_NAME.test(first)
      ? undefined
      : `${shown}: name one secret, as in {{secrets.API_TOKEN}}.`;
  }
  const members = placeholder.root === 'event' ? EVENT_MEMBERS : RESOURCE_ROOTS.get(placeholder.root);
  if (placeholder.root !== 'event' && !RESOURCE_ROOTS.has(placeholder.root)) {
    return `${shown}: unknown root "${placeholder.root}"; placeholders address ${ROOTS_TEXT}.`;
  }
  if (members && !members.includes(first)) {
    return `${shown}: ${placeholder.root} has no member "${first}" (members: ${members.join(', ')}).`;
  }
  return undefined;
}

/**
 * What is wrong with the placeholders of one template text (a header value, a body string): each
 * `{{…}}` must be a dotted path from a known root (the event registry's resources, `event`,
 * `secrets`), and no `{{` may stay unclosed. Empty when the text is a valid template.
 *
 * @example
 * templateTextProblems('Score: {{feedback.scroe}}') // ['{{feedback.scroe}}: feedback has no member "scroe" …']
 */
export function templateTextProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const problem = placeholderProblem(match[1] ?? '');
    if (problem) problems.push(problem);
  }
  if (text.replace(PLACEHOLDER_PATTERN, '').includes('{{')) {
    problems.push('A "{{" opens no valid placeholder: close it with "}}" (placeholders hold no braces).');
  }
  return problems;
}
