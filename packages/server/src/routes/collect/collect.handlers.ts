import type { AppRouteHandler } from '../../http/app-env.js';
import type { collect } from './collect.routes.js';

export const collectHandler: AppRouteHandler<typeof collect> = async (c) => {
  const body = c.req.valid('json');
  const { 'idempotency-key': idempotencyKey } = c.req.valid('header');
  const result = await c.var.services.collect.submit(c.var.principal, body, idempotencyKey);
  if (result.replayed) c.header('Idempotent-Replayed', 'true');
  return c.json({ id: result.id, success: true as const }, 201);
};
