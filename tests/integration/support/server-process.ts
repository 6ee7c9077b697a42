import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  url: string;
  orgId: string;
  inboxKey: string;
  adminKey: string;
  collectKey: string;
  stop(): Promise<void>;
}

/** Starts test/support/server-process.mjs and resolves once the server listens. */
export async function startServerProcess(): Promise<ServerProcess> {
  const script = fileURLToPath(new URL('./server-process.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    exited.then(([code]) => {
      throw new Error(`The server process exited with ${code} before listening`);
    }),
  ])) as [string];
  const started = JSON.parse(line) as Omit<ServerProcess, 'stop'>;
  return {
    ...started,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
