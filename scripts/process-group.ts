/**
 * Runs processes side by side as one (`npm start`, `npm run dev`). A SIGINT or SIGTERM to this
 * process goes to each of them. One that stops by itself after it had been running a while (the
 * portal killed by the memory limit, say) is started again and the others go on: the sandbox
 * gateway outlives a portal crash, and the portal the sandbox's. One that stops soon after its
 * start cannot run at all (a port taken, a bad setting): then the whole group stops, with its
 * exit code. Resolves with the exit code to end with: that code, or 0 after a signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface GroupMember {
  /** What the logs call it. */
  name: string;
  /** The arguments to node, e.g. `['--import', 'tsx', 'apps/server/src/main.ts']`. */
  nodeArgs: string[];
  env?: NodeJS.ProcessEnv;
}

export interface Supervision {
  /** A member that stops sooner than this after its start stops the group. */
  steadyAfterMs: number;
  /** How long a member that stopped waits before it is started again. */
  restartDelayMs: number;
}

const defaultSupervision: Supervision = { steadyAfterMs: 10_000, restartDelayMs: 1_000 };

export async function runProcessGroup(
  members: GroupMember[],
  { steadyAfterMs, restartDelayMs }: Supervision = defaultSupervision,
): Promise<number> {
  const running = new Set<ChildProcess>();
  let stopping = false;
  let exitCode = 0;
  let stopped!: () => void;
  const allStopped = new Promise<void>((resolve) => (stopped = resolve));

  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const child of running) child.kill(signal);
    if (running.size === 0) stopped();
  };

  const start = (member: GroupMember) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, member.nodeArgs, {
      stdio: 'inherit',
      env: { ...process.env, ...member.env },
    });
    running.add(child);
    child.once('exit', (code, signal) => {
      running.delete(child);
      if (stopping) {
        if (running.size === 0) stopped();
        return;
      }
      const said = code === null ? `signal ${signal}` : `code ${code}`;
      if (Date.now() - startedAt < steadyAfterMs) {
        console.error(`${member.name} stopped at its start (${said}); stopping the others`);
        exitCode = code || 1;
        stopAll('SIGTERM');
        return;
      }
      console.error(`${member.name} stopped (${said}); starting it again`);
      setTimeout(() => {
        if (!stopping) start(member);
      }, restartDelayMs);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal));
  for (const member of members) start(member);
  await allStopped;
  return exitCode;
}

/** A TypeScript entry point run through tsx. */
export function tsEntry(name: string, entry: string, env?: NodeJS.ProcessEnv): GroupMember {
  return { name, nodeArgs: ['--import', 'tsx', entry], ...(env && { env }) };
}
