import type { AddressInfo } from 'node:net';
import { buildSandbox, type SandboxOptions } from './sandbox-app';

export interface StartSandboxOptions extends SandboxOptions {
  /** 0 picks a free port; the returned url names the one chosen. */
  port: number;
  host?: string;
}

export interface RunningSandbox {
  /** Base URL of the gateway, e.g. `http://127.0.0.1:8081`, without a trailing slash. */
  url: string;
  /** Resolves once every BackendURL callback started so far has been acknowledged or given up. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the sandbox gateway listening on a port: its own process (main.ts), or a test's. */
export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const { port, host = '127.0.0.1', ...sandboxOptions } = options;
  const app = await buildSandbox(sandboxOptions);
  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}`,
    settled: () => app.sandbox.settled(),
    close: () => app.close(),
  };
}
