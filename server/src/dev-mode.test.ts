import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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
          isUp = await fetch(`${baseUrl}/api/health/live`)
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

describe('the client build', () => {
  // Once, in the PGlite run: it takes a while and does not depend on the database.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'is a production build even when the shell says NODE_ENV=development',
    async () => {
      const outDir = await mkdtemp(path.join(tmpdir(), 'almquest-client-'));
      try {
        const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
          cwd: path.join(repoRoot, 'client'),
          env: { ...process.env, NODE_ENV: 'development' },
          encoding: 'utf8',
        });
        expect(built.status, built.stderr).toBe(0);
        const assets = path.join(outDir, 'assets');
        const scripts = (await readdir(assets)).filter((f) => f.endsWith('.js'));
        expect(scripts.length).toBeGreaterThan(0);
        for (const file of scripts) {
          // React's development JSX runtime names its calls jsxDEV.
          expect(await readFile(path.join(assets, file), 'utf8')).not.toContain('jsxDEV');
        }
      } finally {
        await rm(outDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
