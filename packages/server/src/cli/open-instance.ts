import type { Config } from '../config.js';
import type { ServiceRuntime } from '../service-runtime.js';

/**
 * The database and services of an existing instance, for a command that serves no HTTP: where the
 * configuration points at no Hearback database it refuses, creating nothing (a NoDatabaseError:
 * only `init` and `serve` make an instance). Loads the services when called, not for `--help`.
 *
 * @example
 * const runtime = await openInstance(await context.configFrom(options, { runJobs: false }));
 */
export async function openInstance(config: Config): Promise<ServiceRuntime> {
  const { openServiceRuntime } = await import('../service-runtime.js');
  return openServiceRuntime(config, undefined, { existingDatabase: true });
}
