import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** A first start loads the place list: up to three minutes on a busy machine. */
export const READY_WAIT_MS = 180_000;

export type AppProcess = { baseUrl: string; stop(): Promise<void> };

/**
 * The app as `npm start` runs it (scripts/start.mjs), on a free port, with its data folder in a
 * scratch folder of its own; ready once the place list has loaded. `envFor` gives the rest of its
 * environment and may prepare the scratch folder first. stop() ends it (SIGTERM, SIGKILL after
 * 15 s) and removes the scratch folder; so does a failed start. For the browser journeys and the
 * city-day simulation.
 */
export async function startAppProcess(
  tag: string,
  envFor: (scratch: string, baseUrl: string) => Record<string, string>,
): Promise<AppProcess> {
  const baseUrl = `http://127.0.0.1:${await freePort()}`;
  const scratch = mkdtempSync(path.join(tmpdir(), `almquest-${tag}-`));
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: new URL(baseUrl).port,
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: path.join(scratch, 'data'),
        DATABASE_URL: '',
        ...envFor(scratch, baseUrl),
      },
    });
  } catch (error) {
    removeScratch();
    throw error;
  }
  // Heard from the start: a process that has already ended fires no 'exit' again.
  const exited = new Promise((r) => child.once('exit', r));
  // By an exit code or by a signal (kill -9 leaves no code).
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!hasEnded()) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    removeScratch();
  };
  const deadline = Date.now() + READY_WAIT_MS;
  while (Date.now() < deadline) {
    if (hasEnded()) {
      await stop();
      throw new Error(`the app stopped at start (${child.exitCode ?? child.signalCode})`);
    }
    const res = await fetch(`${baseUrl}/api/places?q=Delhi`).catch(() => null);
    if (res?.ok) return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the app at ${baseUrl} was not ready within ${READY_WAIT_MS / 1000} s`);
}
