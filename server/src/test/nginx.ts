import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The configuration operators are given, run here as it is. */
export const NGINX_CONFIG = path.join(root, 'ops', 'nginx', 'almquest.conf');

export type Nginx = {
  baseUrl: string;
  stop(): Promise<void>;
  /** What nginx logged (warnings and errors): why a request failed. */
  errorLog(): string;
  /**
   * Marks `upstream` `down` in the configuration (or no upstream, with null) and reloads nginx
   * as an operator does (`nginx -s reload`); resolves once the workers of the old configuration
   * have finished what they had under way and exited.
   */
  setDown(upstream: string | null): Promise<void>;
};

/** The worker processes of the nginx master `pid` (Linux keeps each process's children). */
function workersOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Replaces `from` by `to` in `text`, and fails unless it was there exactly once. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) {
    throw new Error(`${NGINX_CONFIG}: expected "${from}" once, found it ${parts.length - 1} times`);
  }
  return parts.join(to);
}

/**
 * Debian's nginx running ops/nginx/almquest.conf with only its addresses changed: listening on a
 * free port of 127.0.0.1 and passing to `upstreams` (one or two "host:port"; a single upstream
 * takes the place of both of the file's), on `port` when given. Every answer says which process
 * served it (`X-Upstream`, added by the test's outer configuration, not by the file). Start the
 * processes first: a request that finds none of them refused marks them failed for the file's
 * `fail_timeout`. Resolves once nginx answers.
 */
export async function startNginx(upstreams: string[], port?: number): Promise<Nginx> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => {
    try {
      execFileSync(p, ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  port ??= await freePort();
  const [a, b = a] = upstreams;
  const siteWith = (down: string | null) => {
    const line = (upstream: string) => `server ${upstream} ${upstream === down ? 'down ' : ''}`;
    let site = readFileSync(NGINX_CONFIG, 'utf8');
    site = replaceOnce(site, 'server 127.0.0.1:8081 ', line(a!));
    site = replaceOnce(site, 'server 127.0.0.1:8082 ', b === a ? '# ' : line(b!));
    return replaceOnce(site, 'listen 8080;', `listen 127.0.0.1:${port};`);
  };

  const scratch = mkdtempSync(path.join(tmpdir(), 'almquest-nginx-'));
  // Workers may run as another user (nginx started by root): they write their buffers here.
  chmodSync(scratch, 0o755);
  const temp = path.join(scratch, 'temp');
  mkdirSync(temp, { mode: 0o777 });
  chmodSync(temp, 0o777);
  writeFileSync(path.join(scratch, 'almquest.conf'), siteWith(null));
  writeFileSync(
    path.join(scratch, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${scratch}/nginx.pid;`,
      `error_log ${scratch}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${temp}/body;`,
      `  proxy_temp_path ${temp}/proxy;`,
      `  fastcgi_temp_path ${temp}/fastcgi;`,
      `  uwsgi_temp_path ${temp}/uwsgi;`,
      `  scgi_temp_path ${temp}/scgi;`,
      '  add_header X-Upstream $upstream_addr always;',
      `  include ${scratch}/almquest.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    nginx,
    ['-p', scratch, '-e', `${scratch}/error.log`, '-c', `${scratch}/nginx.conf`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise((r) => child.once('exit', r));
  const hasEnded = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!hasEnded()) {
      // A fast stop: the test has nothing in flight through it by then.
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(scratch, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (hasEnded()) {
      const log = readFileSync(path.join(scratch, 'error.log'), 'utf8');
      await stop();
      throw new Error(`nginx stopped at start:\n${log}`);
    }
    const res = await fetch(`${baseUrl}/api/health/live`).catch(() => null);
    if (res) {
      await res.arrayBuffer();
      const setDown = async (down: string | null) => {
        writeFileSync(path.join(scratch, 'almquest.conf'), siteWith(down));
        const before = workersOf(child.pid!);
        child.kill('SIGHUP'); // what `nginx -s reload` sends
        const until = Date.now() + 30_000;
        for (;;) {
          const now = workersOf(child.pid!);
          if (now.length > 0 && now.every((w) => !before.includes(w))) return;
          if (hasEnded() || Date.now() > until) {
            throw new Error(
              `nginx did not reload:\n${readFileSync(path.join(scratch, 'error.log'), 'utf8')}`,
            );
          }
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      return {
        baseUrl,
        stop,
        errorLog: () => readFileSync(path.join(scratch, 'error.log'), 'utf8'),
        setDown,
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error('nginx did not answer within 10 s');
}
