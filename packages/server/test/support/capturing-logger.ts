import type { Logger } from '../../src/logger.js';

/** A line a runtime logged: its level, its message and its fields. */
export interface LoggedLine {
  level: 'info' | 'error';
  message: string;
  fields: Record<string, unknown>;
}

/** A logger that keeps every line a runtime logs: as text (JSON per line, level included) and as lines. */
export function capturingLogger(): Logger & { text(): string; lines(): readonly LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const write =
    (level: LoggedLine['level']) =>
    (message: string, fields: Record<string, unknown> = {}) =>
      void lines.push({ level, message, fields });
  return {
    info: write('info'),
    error: write('error'),
    text: () => lines.map(({ level, message, fields }) => JSON.stringify({ level, message, ...fields })).join('\n'),
    lines: () => lines,
  };
}
