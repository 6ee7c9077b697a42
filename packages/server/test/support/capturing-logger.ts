import type { Logger } from '../../src/logger.js';

/** A logger that keeps every line a runtime logs, as text (JSON per line, level included). */
export function capturingLogger(): Logger & { text(): string } {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push(JSON.stringify({ level, message, ...fields }));
  return { info: write('info'), error: write('error'), text: () => lines.join('\n') };
}
