import type { Config } from './config.js';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const LEVELS = { silent: 0, error: 1, info: 2, debug: 3 } as const;

/** One JSON line per entry on stderr. Callers never pass secrets (keys, hashes, tokens). */
export function createLogger(level: Config['logLevel']): Logger {
  const write = (severity: 'info' | 'error', message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[level] < LEVELS[severity]) return;
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: severity, message, ...fields })}\n`,
    );
  };
  return {
    info: (message, fields) => write('info', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
