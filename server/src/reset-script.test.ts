import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reset = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['scripts/reset.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

describe('npm run reset', () => {
  it('deletes the embedded database folder, and only that', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'almquest-reset-'));
    const dataDir = path.join(parent, 'data');
    await mkdir(path.join(dataDir, 'base'), { recursive: true });
    try {
      const result = reset({ DATA_DIR: dataDir });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Deleted ${dataDir}`);
      expect(existsSync(dataDir)).toBe(false);
      expect(existsSync(parent)).toBe(true);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('leaves a PostgreSQL database alone and says how to reset it', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'almquest-reset-'));
    try {
      const result = reset({ DATA_DIR: parent, DATABASE_URL: 'postgres://u@db/almquest' });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('dropdb');
      expect(existsSync(parent)).toBe(true);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
