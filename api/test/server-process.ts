/**
 * The API as `npm start -w api` runs it (tsx src/server.ts, a child process), for the tests
 * that need a real process: start-up, shutdown, and being killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const API_DIR = path.resolve(__dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Timed out waiting for ${pattern}; output:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before ${pattern}; output:\n${output}`));
    });
  });
}

/**
 * Starts src/server.ts with `env` added to this process's environment. Through node's
 * `--import tsx` rather than the tsx command, which runs the server in a second process:
 * the child here is the server itself, so a SIGKILL kills the server, not a wrapper.
 */
export function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: merged,
  });
}

/** Starts the server and waits until it listens. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawnServer(env);
  await waitForOutput(child, /listening on http:\/\/\S+/);
  return child;
}
