import { Command, InvalidArgumentError, Option } from 'commander';
import type { Config, ConfigOverrides } from '../config.js';
import { PLAN_NAMES, type PlanName } from '../services/plans.js';
import { SERVER_VERSION } from '../version.js';
import { registerBackupCommand } from './backup-command.js';
import { registerExportCommand } from './export-command.js';
import { failureText } from './failure.js';
import { migrateSummary } from './migrate-summary.js';
import { ORGANIZATION_ARGUMENT, organizationNamed } from './organization-argument.js';
import { bootstrapJson, bootstrapText } from './print.js';
import { registerSearchCommands } from './search-commands.js';
import { registerSecretsCommands } from './secrets-commands.js';
import {
  commandGroup,
  refuseUnknownCommand,
  refuseUnknownCommandsBeforeDefault,
  refuseUnknownHelpTopic,
} from './unknown-command.js';

// Commands load what they run when they run: `--help` reads no module of the server, and only
// `serve` loads the HTTP app (its routes are about half of a command's start-up).

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('Expected a port (0–65535).');
  return port;
}

const dataDirOption = () => new Option('--data-dir <dir>', 'SQLite data directory (HEARBACK_DATA_DIR, default ./data)');
const planOption = () => new Option('--plan <plan>', 'plan of the new organization').choices(PLAN_NAMES);

interface CommonOptions {
  dataDir?: string;
  port?: number;
  host?: string;
  publicDir?: string;
}

async function configFrom(options: CommonOptions, extra: ConfigOverrides = {}): Promise<Config> {
  const { dataDir, port, host, publicDir } = options;
  const { loadConfig } = await import('../config.js');
  return loadConfig(undefined, { dataDir, port, host, publicDir, ...extra });
}

/** The database and services of an existing instance, for a command that serves no HTTP and runs no jobs. */
async function openServices(options: CommonOptions) {
  const { openInstance } = await import('./open-instance.js');
  return openInstance(await configFrom(options, { runJobs: false }));
}

const program = new Command()
  .name('hearback')
  .description('Hearback: self-hosted feedback collection server')
  .version(SERVER_VERSION);
refuseUnknownCommandsBeforeDefault(program);

program
  .command('serve', { isDefault: true })
  .summary('Start the API server (the default command)')
  .description('Start the API server (SQLite in --data-dir, or PostgreSQL when DATABASE_URL is set)')
  .addOption(new Option('-p, --port <port>', 'port (PORT, default 3000)').argParser(parsePort))
  .addOption(new Option('--host <host>', 'interface to bind (HOST, default 0.0.0.0)'))
  .addOption(dataDirOption())
  .addOption(
    new Option(
      '--public-dir <dir>',
      "serve this directory's files at / for paths the API does not use, e.g. a demo page (HEARBACK_PUBLIC_DIR)",
    ),
  )
  // As the default command, serve receives the words of a command line that names no command
  // after options (`hearback --port 8080 fooo`): an unknown command, not arguments serve does not
  // take (see refuseUnknownCommandsBeforeDefault).
  .allowExcessArguments()
  .action(async (options: CommonOptions, serve: Command) => {
    if (serve.args.length > 0) refuseUnknownCommand(program, serve.args);
    const [{ limitHeapGrowth }, { usePlainZodMessages }, { createLogger }, { createRuntime }, { listen }] =
      await Promise.all([
        import('../lib/heap-growth.js'),
        import('../lib/plain-zod-messages.js'),
        import('../logger.js'),
        import('../runtime.js'),
        import('../http-server.js'),
      ]);
    limitHeapGrowth();
    usePlainZodMessages();
    const config = await configFrom(options);
    const logger = createLogger(config.logLevel);
    const runtime = await createRuntime(config, logger);
    const server = await listen(runtime, { port: config.port, host: config.host });
    let stopping = false;
    // Before anything is printed: a stop right after the "started" lines must still be graceful
    // (background work, webhook deliveries among it, is already running).
    const shutdown = (signal: string) => {
      stopping = true;
      process.stdout.write(`\n${signal}: finishing in-flight requests…\n`);
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', { error: String(error) });
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    // In the background: requests are served meanwhile, and a failure here only defers the load.
    // A stop during the load cancels it on purpose (the embedder is closed): not an error to report.
    runtime.services.search.warmUp().catch((error: unknown) => {
      if (!stopping) logger.error('search warm-up failed', { error: String(error) });
    });
    process.stdout.write(`Hearback ${SERVER_VERSION} listening on ${server.url}\n`);
    if (config.publicUrl) process.stdout.write(`Public URL: ${server.publicUrl}\n`);
    process.stdout.write(`Storage: ${runtime.database.dialect.name} (${runtime.database.location})\n`);
    // Before the API reference line, which tools (and the CLI tests) read as "started".
    if (config.publicDir) process.stdout.write(`Public files: ${config.publicDir} at ${server.publicUrl}/\n`);
    process.stdout.write(`OpenAPI document: ${server.publicUrl}/openapi.json\n`);
    process.stdout.write(`API reference: ${server.publicUrl}/docs\n`);
    // Another process starting on the same database at the same moment may make it instead.
    const created = await runtime.services.organizations.bootstrapIfEmpty({ name: 'My organization' });
    if (created) {
      process.stdout.write(`\nFirst start: created an organization.\n${bootstrapText(created, server.publicUrl)}\n\n`);
    }
  });

program
  .command('init')
  .summary('Create an organization with an inbox and its first keys')
  .description('Create an organization with an inbox, an admin key and a collect-only key')
  .option('--org <name>', 'organization name', 'My organization')
  .addOption(planOption())
  .option('--json', 'print JSON (orgId, inboxId, inboxKey, adminKey, collectKey, owner)')
  .addOption(dataDirOption())
  .action(async (options: { org: string; plan?: PlanName; json?: boolean; dataDir?: string }) => {
    // The rule `POST /organizations` applies to a name, before anything is created.
    const { checkInput, OrganizationCreateInputSchema } = await import('@hearback/inputs');
    const name = checkInput(OrganizationCreateInputSchema, { name: options.org });
    if (!name.success) return program.error(`--org: ${name.errors.map((error) => error.message).join(' ')}`);
    const config = await configFrom(options, { runJobs: false });
    const { openServiceRuntime } = await import('../service-runtime.js');
    const runtime = await openServiceRuntime(config);
    try {
      const created = await runtime.services.organizations.bootstrap({ name: name.data.name, plan: options.plan });
      // Not listening: the address `serve` would print with the same settings.
      const baseUrl = config.publicUrl ?? `http://localhost:${config.port}`;
      process.stdout.write(
        options.json ? `${JSON.stringify(bootstrapJson(created), null, 2)}\n` : `${bootstrapText(created, baseUrl)}\n`,
      );
    } finally {
      await runtime.close();
    }
  });

program
  .command('migrate')
  .summary('Apply database migrations and exit')
  .description('Apply database migrations and exit (serve also does this on start)')
  .addOption(dataDirOption())
  .action(async (options: { dataDir?: string }) => {
    // Creates the database where there is none: a deployment may migrate before its first start.
    const { openServiceRuntime } = await import('../service-runtime.js');
    const runtime = await openServiceRuntime(await configFrom(options, { runJobs: false }));
    process.stdout.write(migrateSummary(runtime.appliedMigrations, runtime.database.dialect.name));
    await runtime.close();
  });

const orgs = commandGroup(program, 'orgs', 'Operate on organizations');

orgs
  .command('list')
  .description('List organizations: id, slug, plan and name')
  .option('--json', 'print JSON')
  .addOption(dataDirOption())
  .action(async (options: { json?: boolean; dataDir?: string }) => {
    const runtime = await openServices(options);
    try {
      const list = await runtime.services.organizations.list();
      if (options.json) process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
      else {
        const slugWidth = Math.max(0, ...list.map((org) => org.slug.length));
        for (const org of list) {
          process.stdout.write(`${org.id}  ${org.slug.padEnd(slugWidth)}  ${org.plan.padEnd(10)}  ${org.name}\n`);
        }
      }
    } finally {
      await runtime.close();
    }
  });

orgs
  .command('set-plan')
  .description('Change the plan of an organization')
  .argument('<org>', ORGANIZATION_ARGUMENT)
  .argument('<plan>', `one of ${PLAN_NAMES.join(', ')}`)
  .addOption(dataDirOption())
  .action(async (org: string, plan: string, options: { dataDir?: string }) => {
    if (!(PLAN_NAMES as readonly string[]).includes(plan)) {
      program.error(`Unknown plan '${plan}'; expected one of ${PLAN_NAMES.join(', ')}.`);
    }
    const runtime = await openServices(options);
    try {
      const { id } = await organizationNamed(runtime.store, org);
      const updated = await runtime.services.organizations.setPlan(id, plan as PlanName);
      process.stdout.write(`${updated.id} is now on the ${updated.plan} plan.\n`);
    } catch (error) {
      program.error(error instanceof Error ? error.message : String(error));
    } finally {
      await runtime.close();
    }
  });

registerExportCommand(program, { dataDirOption, configFrom });
registerBackupCommand(program, { dataDirOption, configFrom });
registerSearchCommands(program, { dataDirOption, configFrom });
registerSecretsCommands(program, { dataDirOption, configFrom });

refuseUnknownHelpTopic(program, process.argv.slice(2));
program.parseAsync().catch(async (error: unknown) => {
  const { logLevelFrom } = await import('../config.js');
  process.stderr.write(`hearback: ${failureText(error, logLevelFrom())}\n`);
  process.exit(1);
});
