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
   * `idempotency-key` operations are retried, `never` ones are sent once.
   */
  call<Data>(
    operationId: OperationId,
    send: (attempt: Attempt) => Promise<FetchResult<Data>>,
    options: RequestOptions = {},
  ): Promise<Data> {
    return execute(send, this.settings, { ...options, retrySafe: OPERATIONS[operationId].retry !== 'never' });
  }
}
