import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started: ChildProcess[] = [];

export type ServerProcess = { baseUrl: string; child: ChildProcess };

/**
 * Starts the real entry point (`tsx src/index.ts`) as a process of its own on the given
 * PostgreSQL database, and resolves once /api/health answers.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100000',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(child);
  for (let i = 0; i < 200; i++) {
    const isUp = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (isUp) return { baseUrl, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${baseUrl} did not start`);
}

/** Stops every process this file started (SIGTERM), waiting for each to exit. */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all(
    started.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}
