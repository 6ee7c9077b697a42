import { randomUUID } from 'node:crypto';
import type { HearbackClient, OperationId } from '@hearback/client';
import { OPERATIONS } from '../operations.js';
import { type Attempt, execute, type FetchResult } from '../transport/execute.js';
import type { RequestOptions, RetrySettings } from '../transport/request-options.js';

/** What every resource needs: the typed client, the organization, and the retrying executor. */
export class ResourceContext {
  constructor(
    readonly client: HearbackClient,
    private readonly settings: RetrySettings,
    private readonly organizationId: string | undefined,
  ) {}

  /** The organization of the paths; a method that needs one fails clearly without it. */
  get orgId(): string {
    if (!this.organizationId) {
      throw new TypeError('This method needs an organization: pass `orgId` to `new Hearback({ … })`.');
    }
    return this.organizationId;
  }

  /**
   * Runs the call for `operationId` with the retry policy the operation map gives it: `safe` and
   * `idempotency-key` operations are retried, `never` ones are sent once. Every attempt of an
   * `idempotency-key` operation carries the same key.
   */
  call<Data>(
    operationId: OperationId,
    send: (attempt: Attempt) => Promise<FetchResult<Data>>,
    options: RequestOptions = {},
  ): Promise<Data> {
    const { idempotencyKey, ...executeOptions } = options;
    const policy = OPERATIONS[operationId].retry;
    const key = policy === 'idempotency-key' ? (idempotencyKey ?? randomUUID()) : undefined;
    const withKey: typeof send = key
      ? (attempt) => send({ ...attempt, headers: { ...attempt.headers, 'idempotency-key': key } })
      : send;
    return execute(withKey, this.settings, { ...executeOptions, retrySafe: policy !== 'never' });
  }
}
