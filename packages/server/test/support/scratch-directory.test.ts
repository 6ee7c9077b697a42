import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processExists, removeStaleScratchDirectories } from './scratch-directory.js';

/** The pid of a process that ran and exited: what a killed run leaves in its directory's name. */
async function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid as number;
}

describe('removeStaleScratchDirectories', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'hearback-scratch-parent-'));
  });
  afterEach(() => {
    rmSync(parent, { recursive: true, force: true });
  });

  const directoryOf = (name: string) => {
    const directory = join(parent, name);
    mkdirSync(join(directory, 'hb-pg-cluster'), { recursive: true });
    writeFileSync(join(directory, 'hb-pg-cluster', 'postmaster.pid'), '1');
    return directory;
  };

  it("removes a run's directory once its process is gone, and keeps running runs' and others'", async () => {
    const ended = await pidOfEndedProcess();
    expect(processExists(ended)).toBe(false);
    const stale = directoryOf(`hearback-tests-${ended}-Ab12Cd`);
    const running = directoryOf(`hearback-tests-${process.pid}-Ef34Gh`);
    // A run beside this one: vitest's main process of another worktree, say (here the parent shell).
    const beside = directoryOf(`hearback-tests-${process.ppid}-Ij56Kl`);
    const older = directoryOf('hearback-tests-Mn78Op');
    const unrelated = directoryOf(`other-tool-${ended}-Qr90St`);

    expect(removeStaleScratchDirectories(parent)).toEqual([stale]);
    expect(existsSync(stale)).toBe(false);
    for (const kept of [running, beside, older, unrelated]) expect(existsSync(kept)).toBe(true);
    expect(readdirSync(parent)).toHaveLength(4);
  });

  // Linux's /proc tells a zombie apart; elsewhere a zombie counts as running (its directory is left).
  it.runIf(existsSync('/proc/self/stat'))(
    'removes the directory of a run that ended but was not reaped yet (a zombie)',
    async () => {
      // The shell starts `true` in the background, then becomes `sleep`, which never reaps it.
      const parentOfZombie = spawn('sh', ['-c', 'true & echo $!; exec sleep 60']);
      try {
        const [line] = (await once(parentOfZombie.stdout, 'data')) as [Buffer];
        const zombie = Number(line.toString().trim());
        const state = () => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ').at(-1)?.[0];
        await expect.poll(state).toBe('Z');
        const stale = directoryOf(`hearback-tests-${zombie}-Zz12Yy`);
        expect(removeStaleScratchDirectories(parent)).toEqual([stale]);
      } finally {
        parentOfZombie.kill();
      }
    },
  );

  it('removes nothing twice, and answers nothing for a parent that is not there', async () => {
    directoryOf(`hearback-tests-${await pidOfEndedProcess()}-Uv12Wx`);
    expect(removeStaleScratchDirectories(parent)).toHaveLength(1);
    expect(removeStaleScratchDirectories(parent)).toEqual([]);
    expect(removeStaleScratchDirectories(join(parent, 'missing'))).toEqual([]);
  });
});
