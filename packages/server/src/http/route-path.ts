/**
 * The path a request is routed by: without its query, and without the `/v1` prefix every path is
 * also served under. Both the Hono app (`getPath`) and the `/collect` fast path route by it.
 *
 * @example
 * routePath('/v1/collect?x=1'); // '/collect'
 */
export function routePath(pathAndQuery: string): string {
  const queryStart = pathAndQuery.indexOf('?');
  const path = queryStart === -1 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
  return path === '/v1' ? '/' : path.startsWith('/v1/') ? path.slice(3) : path;
}

/**
 * A route's path as the OpenAPI document writes it: Hono's `:name` parameters as `{name}`.
 *
 * @example
 * openApiPath('/f/:orgSlug/:pageSlug'); // '/f/{orgSlug}/{pageSlug}'
 */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)/g, '{$1}');
}
