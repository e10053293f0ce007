import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/ports';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The real entry point, as `npm start` runs it, in a process of its own. */
function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
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

  it('shuts down gracefully on SIGTERM: answers what is under way, closes the database, exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-proc-'));
    dirs.push(dataDir);
    const port = await freePort();
    const proc = startProcess({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    let isUp = false;
    for (let i = 0; i < 300 && !isUp; i++) {
      isUp = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (!isUp) await new Promise((r) => setTimeout(r, 100));
    }
    expect(isUp, proc.output()).toBe(true);
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
    // Nothing listens any more.
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 60_000);
});
