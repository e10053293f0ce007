import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTestGazetteer } from './test/gazetteer';
import { freePort } from './test/ports';
import { openTestDatabase } from './test/test-app';

/** Until the process answers (liveness: a first start's place list may still be loading). */
async function waitForHealth(base: string): Promise<boolean> {
  for (let i = 0; i < 600; i++) {
    const isUp = await fetch(`${base}/api/health/live`)
      .then((r) => r.ok)
      .catch(() => false);
    if (isUp) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/**
 * The real entry point, as `npm start` runs it (TypeScript through tsx), or as production runs
 * it (the compiled JavaScript of `npm run build`), in a process of its own.
 */
function startProcess(env: Record<string, string>, { isCompiled = false } = {}) {
  const args = isCompiled ? ['dist/index.js'] : ['--import', 'tsx', 'src/index.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('the server process', () => {
  it('stops with a message naming the variable when the configuration is wrong', async () => {
    const proc = startProcess({ PORT: 'eighty' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('PORT');
  });

  it('says once, clearly, that the port is taken, and never that it is running', async () => {
    const blocker = http.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-port-'));
      dirs.push(dataDir);
      const proc = startProcess({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      expect(await proc.exited).toBe(1);
      expect(proc.output()).toContain(`port ${port} is already in use (PORT)`);
      expect(proc.output()).not.toContain('is running on');
      expect(proc.output()).not.toMatch(/\n {4}at /);
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('names DATABASE_URL and what to check when PostgreSQL cannot be reached, without a stack trace', async () => {
    const port = await freePort(); // nothing listens there
    const proc = startProcess({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/almquest`,
      PORT: String(await freePort()),
    });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain(`127.0.0.1:${port}/almquest (DATABASE_URL)`);
    expect(proc.output()).toContain('Check that PostgreSQL is running');
    expect(proc.output()).not.toMatch(/\n {4}at /);
  }, 60_000);

  it('names DATA_DIR at once when the embedded database folder cannot be made', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'almquest-file-'));
    dirs.push(parent);
    const file = path.join(parent, 'not-a-folder');
    await writeFile(file, 'x');
    const proc = startProcess({
      DATA_DIR: path.join(file, 'data'),
      PORT: String(await freePort()),
    });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('(DATA_DIR) cannot be used');
    expect(proc.output()).not.toMatch(/\n {4}at /);
  }, 60_000);

  it('shuts down gracefully on SIGTERM: answers what is under way, closes the database, exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const proc = startProcess({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    expect(await waitForHealth(base), proc.output()).toBe(true);
    // A request truly in flight: headers sent, body still arriving when SIGTERM lands.
    const body = JSON.stringify({
      name: 'Kavya',
      email: 'kavya@example.org',
      message: 'Sent during shutdown',
    });
    let answer = '';
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        res.on('data', (c: Buffer) => (answer += c.toString()));
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        proc.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 300);
    });
    expect(await inFlight, answer).toBe(202);
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('"msg":"stopped"');
    // A newcomer's start-up shows our lines only: no notices from the sign-in library.
    expect(proc.output()).not.toContain('oidc-provider WARNING');
    // Nothing listens any more.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 60_000);

  it('on SIGTERM says Connection: close, finishes every request in flight and exits as soon as they are done', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-drain-'));
    dirs.push(dataDir);
    const port = await freePort();
    const proc = startProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    const base = `http://127.0.0.1:${port}`;
    expect(await waitForHealth(base), proc.output()).toBe(true);
    // Kept-alive connections, as a proxy in front holds them: eight made and answered first, so
    // the requests in flight ride connections the server has already taken (one the kernel has
    // queued but the busy server not yet accepted would be reset with the listener at the
    // signal, which is not what this test is about).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const warm = () =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${base}/api/health/live`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve());
          })
          .on('error', reject);
      });
    await Promise.all(Array.from({ length: 8 }, warm));
    await new Promise((r) => setImmediate(r));
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(8);
    const body = (i: number) =>
      JSON.stringify({ name: 'Kavya', email: 'kavya@example.org', message: `In flight ${i}` });
    // Each request's body is finished once the server has taken the signal in (it says so).
    let finishBodies: () => void = () => undefined;
    const signalTaken = new Promise<void>((resolve) => (finishBodies = resolve));
    const send = (i: number, onStarted: () => void) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const text = body(i);
        const req = http.request(`${base}/api/contact`, {
          agent,
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(text),
          },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
          );
        });
        req.on('error', reject);
        req.write(text.slice(0, 10));
        onStarted();
        void signalTaken.then(() => req.end(text.slice(10)));
      });
    // One connection made and left idle before the signal.
    await fetch(`${base}/api/health/live`);
    let started = 0;
    const inFlight = Array.from({ length: 8 }, (_, i) => send(i, () => started++));
    while (started < 8) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    const signalled = Date.now();
    proc.child.kill('SIGTERM');
    while (!proc.output().includes('shutting down')) await new Promise((r) => setTimeout(r, 10));
    // Readiness, asked on a kept-alive connection, says the process is stopping: a balancer
    // sends it nothing new.
    const ready = await fetch(`${base}/api/health`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: { process: string } }).checks.process).toBe(
      'stopping',
    );
    // An answer the app writes at once (liveness) says it too, and ends nothing: marking one
    // already written threw, and took the process down with the requests in flight.
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    finishBodies();
    const answers = await Promise.all(inFlight).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${proc.output()}`);
    });
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(202));
    expect(answers.every((a) => a.connection === 'close')).toBe(true);
    expect(await proc.exited).toBe(0);
    // Out once the last answer is given, not at the end of the 10 s grace (index.ts
    // SHUTDOWN_GRACE_MS); how soon after depends on how busy the machine is.
    expect(Date.now() - signalled).toBeLessThan(10_000);
    agent.destroy();
  }, 60_000);

  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'stops when `npm start` itself gets %s, leaving no server behind',
    async (signal) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-npm-'));
      dirs.push(dataDir);
      const port = await freePort();
      const npm = spawn('npm', ['start'], {
        cwd: path.resolve(serverDir, '..'),
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
        },
        stdio: 'ignore',
      });
      const base = `http://127.0.0.1:${port}`;
      try {
        expect(await waitForHealth(base)).toBe(true);
        // A supervisor signals the PID it started: npm's.
        npm.kill(signal);
        let isGone = false;
        for (let i = 0; i < 150 && !isGone; i++) {
          isGone = await fetch(`${base}/api/health/live`).then(
            () => false,
            () => true,
          );
          if (!isGone) await new Promise((r) => setTimeout(r, 100));
        }
        expect(isGone).toBe(true);
      } finally {
        npm.kill('SIGKILL');
      }
    },
    120_000,
  );

  // The compiled server on the PostgreSQL server (a PGlite first start loads the place list).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'runs compiled, in production mode, and warns loudly when the development sign-in is on',
    async () => {
      const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir });
      expect(built.status, built.stderr.toString()).toBe(0);
      // The shared test database gets the tests' small place list first, as every test app
      // does; otherwise this server would load the whole country into it.
      const database = await openTestDatabase();
      await loadTestGazetteer(database.db);
      await database.close();
      const port = await freePort();
      const proc = startProcess(
        {
          NODE_ENV: 'production',
          ALLOW_DEV_IDP: '1',
          DATABASE_URL: process.env.TEST_DATABASE_URL!,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
        { isCompiled: true },
      );
      try {
        expect(await waitForHealth(`http://127.0.0.1:${port}`), proc.output()).toBe(true);
        expect(proc.output()).toContain('DEVELOPMENT SIGN-IN is on in production');
        expect(proc.output()).not.toContain('tsx');
      } finally {
        proc.child.kill('SIGTERM');
        expect(await proc.exited).toBe(0);
      }
    },
    60_000,
  );
});
