import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './test/ports';
import { signIn } from './test/session';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm run dev', () => {
  // Dev mode runs on PGlite whatever the suite uses, so once (in the PGlite run) is enough.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'signs in through Vite, which passes the API and the development provider on',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-dev-'));
      const [devPort, apiPort] = [await freePort(), await freePort()];
      const child = spawn('npm', ['run', 'dev'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DEV_PORT: String(devPort),
          API_PORT: String(apiPort),
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PUBLIC_URL: '',
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const baseUrl = `http://localhost:${devPort}`;
      try {
        let isUp = false;
        for (let i = 0; i < 600 && !isUp; i++) {
          isUp = await fetch(`${baseUrl}/api/health`)
            .then((r) => r.ok)
            .catch(() => false);
          if (!isUp) await new Promise((r) => setTimeout(r, 100));
        }
        expect(isUp, output).toBe(true);
        const session = await signIn({ baseUrl }, 'dev.mode@example.org', 'Dev Mode');
        expect(session.user.email).toBe('dev.mode@example.org');
        expect(new URL(session.landedOn).origin).toBe(baseUrl);
      } finally {
        // npm, tsx watch and Vite: the whole process group.
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
        await new Promise((r) => setTimeout(r, 500));
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
