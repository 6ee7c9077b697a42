import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processExists, removeStaleScratchDirectories, stateOf } from './scratch-directory.js';

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

  // A zombie has ended but still answers `kill(pid, 0)`; /proc says it is one. Whether a test can
  // make one depends on how its runner treats SIGCHLD (ignored, children are reaped at once), so the
  // zombie is this process seen through a stat line of the zombie state.
  it('removes the directory of a run that ended but was not reaped yet (a zombie)', () => {
    const zombieStat = (pid: number) => `${pid} (node (vitest)) Z 1 ${pid} ${pid} 0 -1 4194560 0 0 0 0`;
    expect(stateOf(zombieStat(process.pid))).toBe('Z');
    expect(processExists(process.pid, zombieStat)).toBe(false);
    // Without /proc (another system), a process that answers is taken to run.
    expect(
      processExists(process.pid, () => {
        throw new Error('ENOENT');
      }),
    ).toBe(true);
    const stale = directoryOf(`hearback-tests-${process.pid}-Zz12Yy`);
    expect(removeStaleScratchDirectories(parent, (pid) => processExists(pid, zombieStat))).toEqual([stale]);
  });

  it.runIf(existsSync('/proc/self/stat'))('reads a running process as running from /proc', () => {
    expect(stateOf(readFileSync('/proc/self/stat', 'utf8'))).toMatch(/^[RS]$/);
    expect(processExists(process.pid)).toBe(true);
  });

  it('removes nothing twice, and answers nothing for a parent that is not there', async () => {
    directoryOf(`hearback-tests-${await pidOfEndedProcess()}-Uv12Wx`);
    expect(removeStaleScratchDirectories(parent)).toHaveLength(1);
    expect(removeStaleScratchDirectories(parent)).toEqual([]);
    expect(removeStaleScratchDirectories(join(parent, 'missing'))).toEqual([]);
  });
});
