import { type RouteConfig, z } from '@hono/zod-openapi';

type RouteRequest = NonNullable<RouteConfig['request']>;

/** The message of zod's `unrecognized_keys` issue for a query made strict by {@link refusingUnknownParameters}. */
function acceptedParameters(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const shape = (issue.inst as z.ZodObject | undefined)?.shape ?? {};
  return `Accepted query parameters: ${Object.keys(shape).join(', ')}.`;
}

/**
 * The request of an operation whose query string refuses parameters the operation does not
 * declare: 400 `validation_failed` naming each, as write bodies refuse unknown members. Dropped
 * silently, a misspelt filter (`?score=9`, `?inbox=…`, `?typ=text`) would answer, export or stream
 * every item as if it had been applied. Operations without a query schema are left as they are:
 * there, a parameter changes nothing.
 *
 * @example
 * app.openapi({ ...route, request: refusingUnknownParameters(route.request) }, handler);
 */
export function refusingUnknownParameters(request: RouteConfig['request']): RouteConfig['request'] {
  const query = request?.query;
  if (query === undefined) return request;
  if (!(query instanceof z.ZodObject)) {
    // Every query schema is an object of named parameters; anything else could not say which it takes.
    throw new Error('An operation query schema must be a zod object.');
  }
  // `clone` keeps the object's refinements (a rule across filters, such as one assignee filter).
  const strict = query.clone({ ...query._zod.def, catchall: z.never(), error: acceptedParameters });
  return { ...request, query: strict as RouteRequest['query'] };
}
