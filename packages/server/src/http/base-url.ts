import type { Context } from 'hono';
import type { AppEnv } from './app-env.js';

/** Links we hand out lead to the instance's public address, or else to the one the request came to. */
export function baseUrlOf(c: Context<AppEnv>): string {
  return c.var.publicUrl ?? new URL(c.req.url).origin;
}
