import type { Health } from '@hearback/client';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** Liveness and readiness of the server; no API key needed. */
export class HealthResource {
  constructor(private readonly context: ResourceContext) {}

  /** Liveness: resolves `{ status: 'ok' }` while the process answers. */
  check(options?: RequestOptions): Promise<Health> {
    return this.context.call('healthz', (attempt) => this.context.client.GET('/healthz', attempt), options);
  }

  /** Readiness: `{ status: 'ok' }` when the database answers; a 503 rejects with a `HearbackApiError`. */
  ready(options?: RequestOptions): Promise<Health> {
    return this.context.call('readyz', (attempt) => this.context.client.GET('/readyz', attempt), options);
  }
}
