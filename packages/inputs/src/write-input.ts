import { z } from 'zod';
import type { InputIssue } from './input-issues.js';
import { unknownFieldsMessage } from './plain-messages.js';

/** The message of zod's `unrecognized_keys` issue for an object made by {@link writeInput}. */
function acceptedFields(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  // `inst` is the object that refused the keys: after `.extend()`, the extended one.
  const shape = (issue.inst as z.ZodObject | undefined)?.shape ?? {};
  return `Accepted fields: ${Object.keys(shape).join(', ')}.`;
}

/**
 * An object of a write's JSON body, at the top or nested (search filters): a member it does not
 * declare is refused with a 400 naming it and the fields it accepts, never dropped silently (a
 * typo such as `scroe` would otherwise answer 201 without the score), and the document says
 * `additionalProperties: false`. Every write body is made of these; free-form members (`context`)
 * are records, which take any key. Schemas extended from one (`.extend`, `.safeExtend`) stay strict.
 *
 * @example
 * export const BrandInputSchema = writeInput({ name: DisplayNameSchema });
 */
export function writeInput<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, { error: acceptedFields });
}

/**
 * A rule across a write body's members ("send at least one of …"), judged only once every member
 * passed: a body such as `{"plan": …}` is refused at `plan`, its one real fault, not also as an
 * empty change of the whole body (which would name no field).
 *
 * @example
 * writeInput({ name: NameSchema.optional() }).refine((body) => body.name !== undefined, acrossMembers('Send name.'));
 */
export function acrossMembers(message: string) {
  return { message, when: (payload: z.core.ParsePayload) => payload.issues.length === 0 };
}

/** Whether a schema is an object made by {@link writeInput} (or extended from one). */
export function refusesUnknownFields(schema: z.ZodType): boolean {
  return schema instanceof z.ZodObject && schema._zod.def.catchall?._zod.def.type === 'never';
}

/**
 * Zod reports the unknown members of one object in one issue; the problem names each: one error
 * per member, its path the member's, as for any other field. A message the object's schema gave
 * (the fields {@link writeInput} accepts) follows the member's name.
 */
export function perUnknownField(issue: InputIssue & { code?: string; keys?: readonly string[] }): InputIssue[] {
  if (issue.code !== 'unrecognized_keys' || !issue.keys) return [issue];
  const schemaMessage = issue.message === unknownFieldsMessage(issue.keys) ? '' : ` ${issue.message}`;
  return issue.keys.map((key) => ({
    path: [...issue.path, key],
    message: `${unknownFieldsMessage([key])}${schemaMessage}`,
  }));
}
