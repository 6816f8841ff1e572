/**
 * Runs processes side by side as one (`npm start`, `npm run dev`): a SIGINT or SIGTERM to this
 * process goes to each of them, and when one stops by itself the others are stopped too. Resolves
 * with the exit code to end with: the first to stop by itself, or 0 after a signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface GroupMember {
  /** The arguments to node, e.g. `['--import', 'tsx', 'apps/server/src/main.ts']`. */
  nodeArgs: string[];
  env?: NodeJS.ProcessEnv;
}

export async function runProcessGroup(members: GroupMember[]): Promise<number> {
  const children: ChildProcess[] = members.map((member) =>
    spawn(process.execPath, member.nodeArgs, {
      stdio: 'inherit',
      env: { ...process.env, ...member.env },
    }),
  );
  let stopping = false;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal));

  let exitCode = 0;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) =>
          child.once('exit', (code) => {
            if (!stopping) exitCode = code ?? 1;
            stopAll('SIGTERM');
            resolve();
          }),
        ),
    ),
  );
  return exitCode;
}

/** A TypeScript entry point run through tsx. */
export function tsEntry(entry: string, env?: NodeJS.ProcessEnv): GroupMember {
  return { nodeArgs: ['--import', 'tsx', entry], ...(env && { env }) };
}
