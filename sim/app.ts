import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInWithDevProvider } from '../server/src/test/dev-sign-in';
import { freePort } from '../server/src/test/ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SIM_COORDINATOR = 'sim.coordinator@example.org';

export type SimApp = { baseUrl: string; stop(): Promise<void> };

/**
 * The real server, started as `npm start` starts it, on a free port with an empty data folder and
 * the simulation's clock (SIM_CLOCK): nothing of it is left behind.
 */
export async function startSimApp(env: Record<string, string>): Promise<SimApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(path.join(tmpdir(), 'almquest-sim-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: '',
      SIM_CLOCK: '1',
      COORDINATOR_EMAILS: SIM_COORDINATOR,
      LOG_LEVEL: 'error',
      // The simulated city signs in and donates from one address at a pace no person could.
      RATE_LIMIT_MULTIPLIER: '100000',
      IMPACT_CACHE_SECONDS: '0',
      ...env,
    },
  });
  // Heard from the start: a process that has already ended fires no 'exit' again.
  const exited = new Promise((r) => child.once('exit', r));
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!hasEnded()) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (hasEnded()) {
      await stop();
      throw new Error(`the app stopped at start (${child.exitCode ?? child.signalCode})`);
    }
    // The place list must have loaded: the city is found in it.
    const res = await fetch(`${baseUrl}/api/places?q=Delhi`).catch(() => null);
    if (res?.ok) return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the app was not ready within 3 minutes');
}

/** A signed-in person's calls: JSON in and out; a refusal is an answer, not an exception. */
export type Caller = {
  call<T = unknown>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  text(method: string, url: string, form: Record<string, string>): Promise<string>;
};

export async function signedIn(baseUrl: string, email: string, name: string): Promise<Caller> {
  const { cookie } = await signInWithDevProvider(baseUrl, email, name);
  return {
    async call(method, url, body) {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          Cookie: cookie,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as never };
    },
    async text(method, url, form) {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.text();
    },
  };
}
