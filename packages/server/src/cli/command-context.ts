import type { Option } from 'commander';
import type { Config, ConfigOverrides } from '../config.js';

/** What program.ts hands the modules that register commands. */
export interface CommandContext {
  /** `--data-dir`, worded once for every command. */
  dataDirOption(): Option;
  /**
   * The configuration a command runs with (environment, then its options). Asynchronous: the
   * configuration module is loaded when a command runs, not for `--help`.
   */
  configFrom(options: { dataDir?: string }, extra?: ConfigOverrides): Promise<Config>;
}
