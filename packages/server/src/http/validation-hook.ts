import type { Hook } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';

/** Every zod validation failure becomes one 400 problem listing each bad field. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every shape.
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (result.success) return;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || result.target,
    message: issue.message,
  }));
  const where = result.target === 'json' ? 'request body' : result.target === 'query' ? 'query string' : result.target;
  throw new ApiError(
    400,
    'validation_failed',
    `The ${where} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    {
      errors,
    },
  );
};
