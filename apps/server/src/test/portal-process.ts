import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** `count` different TCP ports nobody listens on right now. */
export async function freePorts(count: number): Promise<number[]> {
  // All held open together, so that the system cannot hand out one port twice.
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** The real server, as `npm start` runs it, in a process of its own. */
export class PortalProcess {
  #child: ChildProcess | undefined;
  #output = '';
  readonly url: string;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repositoryRoot,
      env: {
        // eslint-disable-next-line no-restricted-properties -- the child inherits PATH and the like
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PUBLIC_URL: this.url,
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    child.stdout!.on('data', (chunk: Buffer) => (this.#output += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (this.#output += chunk));
    for (let attempt = 0; attempt < 200; attempt++) {
      if (child.exitCode !== null) throw new Error(`the portal exited:\n${this.#output}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error(`the portal did not start:\n${this.#output}`);
  }

  /** SIGKILL: no shutdown hook runs, as when the machine loses power. */
  async kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }
}
