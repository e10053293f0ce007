import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/client';
import { loadTestGazetteer } from './gazetteer';
import { freePort } from './ports';
import { proxyDatabase, type TcpProxy } from './tcp-proxy';
import { openTestDatabase } from './test-app';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const started: ChildProcess[] = [];

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Stops this process (SIGTERM, as a service manager would) and waits for it to exit. */
  stop(): Promise<void>;
};

/** How long a started process may take to answer its health check. */
export const STARTUP_WAIT_MS = 60_000;

/**
 * Starts the real entry point (`tsx src/index.ts`) as a process of its own on the given
 * PostgreSQL database, and resolves once /api/health answers. On `port` when given (a process
 * started again where it ran before), otherwise on a free one.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
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
  // A minute: tsx compiles the whole server at start, and on a loaded CI machine (Node 24's run
  // beside other work) that took more than the 20 s this allowed.
  const deadline = Date.now() + STARTUP_WAIT_MS;
  while (Date.now() < deadline) {
    const isUp = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (isUp) return { baseUrl, child, stop: () => stopChild(child) };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server on ${baseUrl} did not start within ${STARTUP_WAIT_MS / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Stops every process this file started (SIGTERM), waiting for each to exit. */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all(started.splice(0).map(stopChild));
}

/**
 * Two server processes on one PostgreSQL database, A connected directly and B through a proxy
 * that holds every reply from the database `replyDelayMs` back, as a process on a busy or far
 * connection would hear it: what only a fence keeps B from serving stale is then seen stale.
 * The place list is loaded first, so neither process loads its own.
 */
export async function startLaggingPair(
  databaseUrl: string,
  { replyDelayMs = 300, env = {} }: { replyDelayMs?: number; env?: Record<string, string> } = {},
  prepare: (database: Database) => Promise<void> = async () => undefined,
): Promise<{ a: string; b: string; proxy: TcpProxy }> {
  const database = await openTestDatabase();
  await loadTestGazetteer(database.db);
  await prepare(database);
  await database.close();
  const { proxy, url: viaProxy } = await proxyDatabase(databaseUrl, { replyDelayMs });
  const [a, b] = await Promise.all([
    startServerProcess(databaseUrl, env).then((p) => p.baseUrl),
    startServerProcess(viaProxy, env).then((p) => p.baseUrl),
  ]);
  return { a, b, proxy };
}
