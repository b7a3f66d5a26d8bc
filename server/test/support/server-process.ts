import path from 'node:path';
import net from 'node:net';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { inject } from 'vitest';

// The server runs as a real process here, as an operator runs it: the bundle `npm run build`
// makes, made by the tests' set-up from the source under test (test/support/global-setup.ts).
export const serverRoot = path.resolve(import.meta.dirname, '../..');

/** Node's arguments that run the server (`main`) or the CLI (`cli`), from `serverRoot`. */
export function bundled(entry: 'main' | 'cli'): string[] {
  return [path.join(inject('serverBundle'), `${entry}.js`)];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface RunningServer {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server with the environment and waits until its health call answers. */
export async function startServerProcess(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, bundled('main'), {
    cwd: serverRoot,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { child, port, output: () => output, exited };
}
