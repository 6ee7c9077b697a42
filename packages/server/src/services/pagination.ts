import type { Page } from '../domain/organization.js';
import { ApiError } from '../errors/api-error.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';

export interface PageRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export function readCursor(cursor: string | undefined): string | null {
  if (cursor === undefined || cursor === '') return null;
  const id = decodeCursor(cursor);
  if (!id) {
    throw new ApiError(400, 'validation_failed', 'The cursor is not valid; pass the nextCursor of a previous page.', {
      errors: [{ path: 'cursor', message: 'Invalid cursor.' }],
    });
  }
  return id;
}

export function toPage<T>(result: { items: T[]; lastId: string | null }): Page<T> {
  return { data: result.items, nextCursor: result.lastId ? encodeCursor(result.lastId) : null };
}

export function pageSize(request: PageRequest): number {
  return Math.min(request.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
}
