import type { Config } from '../config.js';

/**
 * What a failed command prints after `hearback: `: the error's message, or at log level `debug` its
 * stack, which names the src/*.ts lines it came through (the bundle's source maps, see src/cli.ts).
 *
 * @example
 * process.stderr.write(`hearback: ${failureText(error, 'info')}\n`); // hearback: no such table: …
 */
export function failureText(error: unknown, logLevel: Config['logLevel']): string {
  if (!(error instanceof Error)) return String(error);
  return logLevel === 'debug' && error.stack ? error.stack : error.message;
}
