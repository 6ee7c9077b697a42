import { parseArgs } from 'node:util';

/**
 * A bench script's flags. `pnpm bench:collect -- --floor` hands the script a leading `--`, after
 * which parseArgs reads everything as positionals: the flags were silently ignored and the run used
 * the defaults. That `--` is dropped here, and a flag the script does not know stops it with exit 2.
 */
export function benchOptions(options, argv = process.argv.slice(2)) {
  const flags = argv[0] === '--' ? argv.slice(1) : argv;
  try {
    return parseArgs({ args: flags, options, strict: true }).values;
  } catch (error) {
    process.stderr.write(`${error.message} (--help lists the options)\n`);
    process.exit(2);
  }
}
