import type { QueryResult } from 'kysely';
import { ApiError, type ApiErrorOptions } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/error-codes.js';
import type { Settled } from '../lib/group-commit.js';
import type { CollectResult } from '../services/collect-batch.js';
import type { NewFeedback } from '../storage/repositories/feedback.js';

/** What the collect writer thread is started with. */
export interface CollectWriterData {
  dataDir: string;
}

/**
 * `items`: commit a `/collect` batch. `sql`: run one statement without an fsync of its own (the
 * relay's bookkeeping, see Database.unsynced). `close`: close the connection and end the thread.
 */
export type CollectWriterRequest =
  | { id: number; items: NewFeedback[] }
  | { id: number; sql: string; parameters: readonly unknown[] }
  | { close: true };

export type CollectWriterResponse =
  | { ready: true }
  | { failed: string }
  | { id: number; outcomes: WireSettled[] }
  | { id: number; result: QueryResult<unknown> }
  | { id: number; error: WireError };

/** An error as plain data: structured clone keeps an Error's message but drops an ApiError's fields. */
export type WireError =
  | { api: true; status: number; code: ErrorCode; message: string; options: ApiErrorOptions }
  | { api: false; message: string };

export type WireSettled = { ok: true; value: CollectResult } | { ok: false; error: WireError };

export function toWireError(error: unknown): WireError {
  if (ApiError.isInstance(error)) {
    const { status, code, message, errors, extensions, headers } = error;
    return { api: true, status, code, message, options: { errors, extensions, headers } };
  }
  return { api: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

export function fromWireError(error: WireError): Error {
  if (error.api) return new ApiError(error.status, error.code, error.message, error.options);
  return new Error(`Collect writer thread: ${error.message}`);
}

export function toWireSettled(outcome: Settled<CollectResult>): WireSettled {
  return outcome.ok ? outcome : { ok: false, error: toWireError(outcome.error) };
}

export function fromWireSettled(outcome: WireSettled): Settled<CollectResult> {
  return outcome.ok ? outcome : { ok: false, error: fromWireError(outcome.error) };
}
