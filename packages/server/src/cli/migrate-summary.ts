import { counted } from '@hearback/spec';

/**
 * What `hearback migrate` prints: the migrations it applied, or that there was nothing to do, so an
 * operator upgrading sees which schema changes ran (and a second run shows that none is left).
 *
 * @example
 * migrateSummary(['0021-page-started-visits'], 'sqlite');
 * // 'Applied 1 migration: 0021-page-started-visits.\nDatabase is up to date (sqlite).\n'
 */
export function migrateSummary(applied: readonly string[], dialect: string): string {
  const done = `Database is up to date (${dialect}).\n`;
  if (applied.length === 0) return `Nothing to migrate. ${done}`;
  return `Applied ${counted(applied.length, 'migration')}: ${applied.join(', ')}.\n${done}`;
}
