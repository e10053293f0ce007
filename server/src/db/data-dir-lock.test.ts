import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError, processIdentity, LOCK_FILE } from './data-dir-lock';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs an npm script of the project with this DATA_DIR; its exit code and output. */
async function npmRun(script: string, dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
  };
  delete env.NODE_OPTIONS;
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script], { cwd: root, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

describe('one process per embedded database folder', () => {
  it('refuses seed, reset and a second opening while a process has the folder open', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-lock-'));
    try {
      await chmod(dataDir, 0o755);
      const database = await openDatabase({ kind: 'pglite', dataDir });
      // Its pid, then which run of that pid it is (where the system tells).
      expect((await readFile(path.join(dataDir, LOCK_FILE), 'utf8')).split('\n')[0]).toBe(
        String(process.pid),
      );
      // The database's folder is its owner's only (PGlite makes its files readable by anyone).
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);

      const seed = await npmRun('seed', dataDir);
      expect(seed.code).not.toBe(0);
      expect(seed.output).toContain('Nothing was seeded');
      expect(seed.output).toContain(`pid ${process.pid}`);

      const reset = await npmRun('reset', dataDir);
      expect(reset.code).not.toBe(0);
      expect(reset.output).toContain('Nothing was deleted');
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

      await database.db.execute('select 1');
      await database.close();
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      const resetAfter = await npmRun('reset', dataDir);
      expect(resetAfter.code).toBe(0);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.each([
    ['an empty folder', false],
    ['a folder with a lock left by an ended process', true],
  ])(
    'lets exactly one of several processes starting at once take %s',
    async (_, isStale) => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-lock-'));
      try {
        if (isStale) await writeFile(path.join(dataDir, LOCK_FILE), '2147483646\n');
        const startAt = Date.now() + 1500;
        const script = [
          `import { lockDataDir } from ${JSON.stringify(lockModule)};`,
          `while (Date.now() < ${startAt}) {}`,
          `try { lockDataDir(${JSON.stringify(dataDir)}); console.log('got'); } catch { console.log('refused'); }`,
          'setTimeout(() => {}, 1500);',
        ].join('\n');
        const outcomes = await Promise.all(
          Array.from({ length: 6 }, () =>
            run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
              cwd: root,
            }).then(({ stdout }) => stdout.trim()),
          ),
        );
        expect(outcomes.filter((o) => o === 'got')).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'refused')).toHaveLength(5);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('opens a folder named through a symlink (PGlite itself cannot)', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'almquest-link-'));
    try {
      const real = path.join(parent, 'real');
      const link = path.join(parent, 'link');
      await mkdir(real);
      await symlink(real, link);
      const database = await openDatabase({ kind: 'pglite', dataDir: link });
      try {
        await database.db.execute(sql`select 1`);
        // The database and its lock are in the real folder.
        expect(existsSync(path.join(real, 'PG_VERSION'))).toBe(true);
        expect(existsSync(path.join(real, LOCK_FILE))).toBe(true);
      } finally {
        await database.close();
      }
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that has ended, and refuses one held by a live one', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'almquest-lock-'));
    try {
      // A pid that is not running: the first process's pid is never reused this quickly.
      await writeFile(path.join(dataDir, LOCK_FILE), '2147483646\n');
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.close();

      // A takeover guard dated in the future (it came in an archive, or the clock went back) is
      // as stale as an old one: it used to refuse every start for good.
      await writeFile(path.join(dataDir, LOCK_FILE), '2147483646\n');
      const guard = path.join(dataDir, `${LOCK_FILE}.takeover`);
      await writeFile(guard, '2147483645\n');
      const future = new Date(Date.UTC(2036, 0, 1));
      await utimes(guard, future, future);
      await (await openDatabase({ kind: 'pglite', dataDir })).close();
      expect(existsSync(guard)).toBe(false);

      // Content that is not a plain pid is no lock ("0x10" is not pid 16).
      await writeFile(path.join(dataDir, LOCK_FILE), `0x${process.ppid.toString(16)}\n`);
      await (await openDatabase({ kind: 'pglite', dataDir })).close();

      // The parent of this test runner lives, so a lock naming it is held.
      await writeFile(path.join(dataDir, LOCK_FILE), `${process.ppid}\n`);
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(
        DataDirInUseError,
      );
      // ... and held by the very run of it the lock names.
      const identity = processIdentity(process.ppid);
      if (identity !== null) {
        await writeFile(path.join(dataDir, LOCK_FILE), `${process.ppid}\n${identity}\n`);
        await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(
          DataDirInUseError,
        );
        // The same pid, but another run of it (a reboot gave the pid to another program): stale,
        // taken over, never "kill" advice about a stranger.
        await writeFile(path.join(dataDir, LOCK_FILE), `${process.ppid}\nanother-boot:12345\n`);
        await (await openDatabase({ kind: 'pglite', dataDir })).close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
