import type { InputIssue } from '@hearback/inputs';
import type { z } from 'zod';

// Wrappers that leave a parameter's kind of value as it is (`optional()`, a default, a preprocess).
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** Whether a query parameter's schema takes several values (`?tag=a&tag=b` as an array). */
function takesSeveralValues(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  if (def.type === 'array' || def.type === 'tuple' || def.type === 'set') return true;
  if (WRAPPERS.has(def.type) && def.innerType) return takesSeveralValues(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) return takesSeveralValues(def.in) || takesSeveralValues(def.out);
  return false;
}

/**
 * A query's issues with one for each parameter given more than once that takes one value
 * (`?type=nps&type=nps` → "Give type once; it was given 2 times."), in place of what its schema
 * says about the list of values it received ("Must be one of: …", about a value that was valid).
 * Parameters the operation does not declare keep their own issue (unknown parameter).
 *
 * @example
 * withRepeatedParameters(FeedbackListQuery, { type: ['nps', 'nps'] }, issues);
 * // [{ path: ['type'], message: 'Give type once; it was given 2 times.' }]
 */
export function withRepeatedParameters(
  query: z.ZodType | undefined,
  received: unknown,
  issues: readonly InputIssue[],
): readonly InputIssue[] {
  const shape = (query as z.ZodObject | undefined)?.shape;
  if (shape === undefined || typeof received !== 'object' || received === null) return issues;
  const repeated: InputIssue[] = [];
  for (const [name, value] of Object.entries(received)) {
    const parameter = Object.hasOwn(shape, name) ? shape[name] : undefined;
    if (!Array.isArray(value) || parameter === undefined || takesSeveralValues(parameter)) continue;
    repeated.push({ path: [name], message: `Give ${name} once; it was given ${value.length} times.` });
  }
  if (repeated.length === 0) return issues;
  const named = new Set(repeated.map((issue) => issue.path[0]));
  return [...repeated, ...issues.filter((issue) => !named.has(issue.path[0]))];
}
