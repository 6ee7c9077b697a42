import { z } from 'zod';

/** What a date bound (`from`, `to`) takes, said the same way by REST, search and the MCP tools. */
export const DATE_BOUND_MESSAGE =
  'Expected an ISO-8601 date (2026-11-01) or date-time with offset (2026-11-01T09:30:00Z).';

/**
 * A date bound: an ISO-8601 calendar date or a date-time with an explicit offset. The server reads a
 * date as that day in the organization's time zone (`from` from its start, `to` to its end).
 * Not `Date.parse`, which takes `hello 2025`, rolls `2026-02-30` into March and reads an
 * offset-less date-time in the server's own time zone.
 *
 * @example
 * DateBoundSchema.safeParse('2026-11-01').success; // true
 */
export const DateBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: DATE_BOUND_MESSAGE,
});
