import { z } from 'zod';
import { EVENT_REGISTRY, type EventType, eventDefinition } from './event-registry.js';
import { PLACEHOLDER_PATTERN, type Placeholder, parsePlaceholder, placeholderText } from './placeholder.js';
import { SECRET_NAME_PATTERN, SECRET_NAME_RULE } from './secret-name.js';

/**
 * What a template's placeholders may address, the one list: create-time validation (in the server
 * and the dashboard's editor) and the renderer (the server's webhooks/render.ts) both ask
 * {@link placeholderProblem}, so a placeholder saved without a 400 always resolves, and one refused
 * never does.
 *
 * - `event.id`, `event.type`, `event.timestamp`: the envelope (the server's webhooks/contracts.ts).
 * - each event's resource by the registry's `resourceRoot` (`feedback`, `response`), alone or a
 *   member path that its schema can hold;
 * - `secrets.NAME`, NAME a name the secrets API accepts (never `{{secrets}}` alone).
 */

/** The root of `{{event.type}}`. */
export const EVENT_ROOT = 'event';
/** The envelope members `{{event.*}}` addresses; its `data` goes by the resource's root instead. */
export const EVENT_MEMBERS = ['id', 'type', 'timestamp'] as const;
/** The envelope as templates see it: its members are text. */
const EVENT_SCHEMA = z.object(Object.fromEntries(EVENT_MEMBERS.map((member) => [member, z.string()])));

/** The root of `{{secrets.NAME}}`: never looked up in the event. */
export const SECRETS_ROOT = 'secrets';

/** Each resource root of the event registry with the schema of what it names. */
const RESOURCE_ROOTS = new Map<string, z.ZodType>(
  Object.values(EVENT_REGISTRY).map((definition) => [definition.resourceRoot, definition.resource]),
);

/** `feedback, feedback.*, response, response.*, event.id, event.type, event.timestamp, secrets.NAME`. */
export const TEMPLATE_ROOTS_TEXT = [
  ...[...RESOURCE_ROOTS.keys()].flatMap((root) => [root, `${root}.*`]),
  ...EVENT_MEMBERS.map((member) => `${EVENT_ROOT}.${member}`),
  `${SECRETS_ROOT}.NAME`,
].join(', ');

/** The name an event type's resource goes by in templates (`feedback.created` → `feedback`). */
export function resourceRootOf(type: EventType): string {
  return eventDefinition(type).resourceRoot;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** Values with no members. */
const SCALAR_TYPES = new Set(['string', 'number', 'boolean', 'bigint', 'enum', 'literal', 'null', 'date', 'nan']);
/** What any member of an open shape is. */
const OPEN = z.unknown();

/** The schema of `member` in a value of `schema`; undefined when no such value has that member. */
function memberSchema(schema: z.ZodType, member: string): z.ZodType | undefined {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    if (Object.hasOwn(inner.shape, member)) return inner.shape[member] as z.ZodType;
    const catchall = inner._zod.def.catchall as z.ZodType | undefined;
    return catchall instanceof z.ZodNever ? undefined : catchall;
  }
  if (inner instanceof z.ZodRecord) return inner._zod.def.valueType as z.ZodType;
  if (inner instanceof z.ZodArray) return /^\d+$/.test(member) ? (inner.element as z.ZodType) : undefined;
  // A shape this walk does not know (a union, a pipe …) is taken as open rather than refused.
  return SCALAR_TYPES.has(inner._zod.def.type) ? undefined : OPEN;
}

/** The members a closed object schema has, to suggest them; undefined for other shapes. */
function closedMembers(schema: z.ZodType): string[] | undefined {
  const inner = unwrap(schema);
  if (!(inner instanceof z.ZodObject) || inner._zod.def.catchall !== undefined) return undefined;
  return Object.keys(inner.shape);
}

function resourcePathProblem(shown: string, root: string, schema: z.ZodType, path: string[]): string | undefined {
  let current = schema;
  let at = root;
  for (const member of path) {
    const next = memberSchema(current, member);
    if (!next) {
      const members = closedMembers(current);
      return `${shown}: ${at} has no member "${member}"${members ? ` (members: ${members.join(', ')})` : ''}.`;
    }
    current = next;
    at = `${at}.${member}`;
  }
  return undefined;
}

/**
 * Why a placeholder addresses nothing any event or secret could have; undefined when it is one
 * the renderer resolves.
 *
 * @example
 * placeholderProblem({ root: 'feedback', path: ['scroe'] }) // '{{feedback.scroe}}: feedback has no member "scroe" …'
 */
export function placeholderProblem(placeholder: Placeholder): string | undefined {
  const shown = placeholderText(placeholder);
  const { root, path } = placeholder;
  if (root === SECRETS_ROOT) {
    if (path.length !== 1) return `${shown}: name one secret, as in {{secrets.API_TOKEN}}.`;
    return SECRET_NAME_PATTERN.test(path[0] ?? '')
      ? undefined
      : `${shown}: no secret can have this name (${SECRET_NAME_RULE}).`;
  }
  if (root === EVENT_ROOT) {
    return path.length === 0
      ? `${shown}: name one member of the event (${EVENT_MEMBERS.join(', ')}), as in {{event.type}}.`
      : resourcePathProblem(shown, root, EVENT_SCHEMA, path);
  }
  const schema = RESOURCE_ROOTS.get(root);
  if (!schema) return `${shown}: unknown root "${root}"; placeholders address ${TEMPLATE_ROOTS_TEXT}.`;
  return resourcePathProblem(shown, root, schema, path);
}

/**
 * What is wrong with the placeholders of one template text (a header value, a body string): each
 * `{{…}}` must be a placeholder {@link placeholderProblem} accepts, and no `{{` may stay unclosed.
 * Empty when the text is a valid template.
 *
 * @example
 * templateTextProblems('Score: {{feedback.scroe}}') // ['{{feedback.scroe}}: feedback has no member "scroe" …']
 */
export function templateTextProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const placeholder = parsePlaceholder(match[1] ?? '');
    const problem = placeholder
      ? placeholderProblem(placeholder)
      : `${match[0]} is not a placeholder: write a root and members, such as {{feedback.comment}}.`;
    if (problem) problems.push(problem);
  }
  if (text.replace(PLACEHOLDER_PATTERN, '').includes('{{')) {
    problems.push('A "{{" opens no valid placeholder: close it with "}}" (placeholders hold no braces).');
  }
  return problems;
}
