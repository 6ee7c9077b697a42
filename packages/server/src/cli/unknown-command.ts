import type { Command } from 'commander';

/**
 * Exit code of a usage error: a command line that names no command, or a command that cannot run
 * with this configuration (as in BSD's sysexits and most shells).
 */
export const USAGE_EXIT_CODE = 2;

// Commander's own suggestion rule (lib/suggestSimilar.js, not exported): at most two edits, and more
// than 40 % of the longer word unchanged. Applied here to whole command paths, since commander only
// compares a word with its siblings ('lst' → 'list') and cannot suggest 'orgs list' for 'ogrs list'.
const MAX_EDITS = 2;
const MIN_SIMILARITY = 0.4;
/** A command's start typed in full words but one cut short: enough letters to mean one command. */
const MIN_PREFIX = 3;

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Every command a user can run, as typed after `hearback`: `serve`, `orgs list`, … (groups such
 * as `orgs` only through their commands; commander's `help` is left out).
 *
 * @example
 * commandPaths(program); // ['serve', 'init', 'migrate', 'orgs list', 'orgs set-plan', …]
 */
export function commandPaths(command: Command, prefix: readonly string[] = []): string[] {
  return command.commands.flatMap((child) => {
    const path = [...prefix, child.name()];
    return child.commands.length > 0 ? commandPaths(child, path) : [path.join(' ')];
  });
}

/**
 * The command closest to the words typed, when one is close enough to be what was meant: each
 * command is compared with as many typed words as it has. Failing that, the one command the words
 * begin, when they name at least MIN_PREFIX characters of its last word (`secrets rotate`).
 *
 * @example
 * closestCommand(['orgs', 'lst'], ['orgs list', 'orgs set-plan']); // 'orgs list'
 * closestCommand(['secrets', 'rotate'], ['secrets rotate-master']); // 'secrets rotate-master'
 * closestCommand(['fooo'], ['serve', 'init']); // undefined
 */
export function closestCommand(words: readonly string[], paths: readonly string[]): string | undefined {
  let best: { path: string; distance: number } | undefined;
  const begun: string[] = [];
  for (const path of paths) {
    const length = path.split(' ').length;
    const typed = words.slice(0, length).join(' ');
    const distance = editDistance(typed, path);
    const similarity = 1 - distance / Math.max(typed.length, path.length);
    if (words.length >= length && (words[length - 1]?.length ?? 0) >= MIN_PREFIX && path.startsWith(typed)) {
      begun.push(path);
    }
    if (distance > MAX_EDITS || similarity <= MIN_SIMILARITY) continue;
    if (!best || distance < best.distance) best = { path, distance };
  }
  return best?.path ?? (begun.length === 1 ? begun[0] : undefined);
}

/** The names from the program down to `command`, without the program's: `['orgs']` for `hearback orgs`. */
function pathOf(command: Command): string[] {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent) names.unshift(current.name());
  return names;
}

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/**
 * Refuses words that name no command below `parent` (exit 2), with the closest command when one
 * is close: `hearback orgs lst` → "unknown command 'orgs lst'" and "Did you mean 'orgs list'?".
 *
 * @example
 * refuseUnknownCommand(orgs, ['lst']);
 */
export function refuseUnknownCommand(parent: Command, words: readonly string[]): never {
  const program = rootOf(parent);
  const path = pathOf(parent);
  const typed = [...path, ...words];
  const paths = commandPaths(program);
  // `hearback --data-dir x orgs list`: the program does not know serve's options, so commander took
  // the command's words for the default command's arguments.
  const misplaced = paths.find((candidate) => typed.slice(0, candidate.split(' ').length).join(' ') === candidate);
  if (misplaced) {
    return parent.error(`error: the command '${misplaced}' must come before its options`, {
      exitCode: USAGE_EXIT_CODE,
      code: 'commander.unknownCommand',
    });
  }
  const unknown = typed.slice(0, path.length + 1).join(' ');
  const suggestion = closestCommand(typed, paths);
  const hint = suggestion ? `Did you mean '${suggestion}'?` : `Run '${program.name()} --help' to see the commands.`;
  return parent.error(`error: unknown command '${unknown}'\n${hint}`, {
    exitCode: USAGE_EXIT_CODE,
    code: 'commander.unknownCommand',
  });
}

/**
 * Commander hands a command line whose first word names no command to the default command, with
 * that word as an argument: `hearback exprot --org acme` would fail as serve's unknown option
 * `--org`. The word is refused as an unknown command first. (Words after options, as in
 * `hearback --port 8080 fooo`, reach the default command, which refuses them the same way.)
 *
 * @example
 * refuseUnknownCommandsBeforeDefault(program);
 */
export function refuseUnknownCommandsBeforeDefault(program: Command): void {
  program.hook('preSubcommand', (_program, subcommand) => {
    const [first] = program.args;
    if (first === undefined || first.startsWith('-')) return;
    if (first === subcommand.name() || subcommand.aliases().includes(first)) return;
    const firstOption = program.args.findIndex((word) => word.startsWith('-'));
    refuseUnknownCommand(program, firstOption === -1 ? program.args : program.args.slice(0, firstOption));
  });
}

/**
 * A command that groups others (`orgs`, `search`, …): a word naming none of them is refused as
 * an unknown command (commander's default is exit 1 with a sibling's name), and no word at all
 * shows the group's help, as commander does.
 *
 * @example
 * const orgs = commandGroup(program, 'orgs', 'Operate on organizations');
 */
export function commandGroup(parent: Command, name: string, description: string): Command {
  return (
    parent
      .command(name)
      .description(description)
      .allowExcessArguments()
      // The options of a mistyped command (`orgs lst --data-dir D`) reach the action as words, to
      // be refused with the command, instead of as the group's unknown option.
      .allowUnknownOption()
      // Commander adds `help [command]` only to a command without an action.
      .helpCommand(true)
      .action((_options: unknown, group: Command) => {
        const firstOption = group.args.findIndex((word) => word.startsWith('-'));
        const words = firstOption === -1 ? group.args : group.args.slice(0, firstOption);
        if (words.length > 0) refuseUnknownCommand(group, words);
        group.help({ error: true });
      })
  );
}

/**
 * `hearback help <words>` whose first word names no command is refused as `hearback <words>` is
 * (exit 2, with the closest command), where commander printed the whole help and exited 1.
 *
 * @example
 * refuseUnknownHelpTopic(program, process.argv.slice(2)); // before program.parseAsync()
 */
export function refuseUnknownHelpTopic(program: Command, words: readonly string[]): void {
  const [first, topic, ...rest] = words;
  if (first !== 'help' || topic === undefined || topic === 'help') return;
  if (program.commands.some((command) => command.name() === topic || command.aliases().includes(topic))) return;
  refuseUnknownCommand(program, [topic, ...rest]);
}
