import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBackupFile, pruneOldBackups } from './backup';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('backups kept no longer than BACKUP_DAYS', () => {
  it('deletes this tool’s backups older than the days, keeps the newest and anything else', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'almquest-prune-'));
    folders.push(root);
    const folder = path.join(root, 'backups');
    const day = 86_400_000;
    const made = (name: string, daysAgo: number) => {
      const file = path.join(folder, name);
      writeFileSync(file, 'x');
      const at = new Date(Date.now() - daysAgo * day);
      utimesSync(file, at, at);
      return name;
    };
    writeFileSync(path.join(root, 'keep'), '');
    const fresh = path.basename(defaultBackupFile(root, 'pglite'));
    makeFolder(folder);
    made(fresh, 0);
    const old = made('almquest-postgres-2026-01-01T00-00-00-000Z.dump', 40);
    const older = made('almquest-pglite-2025-12-01T00-00-00-000Z.tar.gz', 70);
    const recent = made('almquest-pglite-2026-11-20T00-00-00-000Z.tar.gz', 9);
    const someoneElses = made('notes-from-the-operator.tar.gz', 400);

    expect(pruneOldBackups(folder, 30).sort()).toEqual([old, older].sort());
    expect(readdirSync(folder).sort()).toEqual([fresh, recent, someoneElses].sort());
    // The only backup left is kept however old it is: never none at all.
    const lone = path.join(root, 'lone');
    makeFolder(lone);
    const only = 'almquest-pglite-2025-01-01T00-00-00-000Z.tar.gz';
    writeFileSync(path.join(lone, only), 'x');
    utimesSync(
      path.join(lone, only),
      new Date(Date.now() - 900 * day),
      new Date(Date.now() - 900 * day),
    );
    expect(pruneOldBackups(lone, 30)).toEqual([]);
    expect(pruneOldBackups(path.join(root, 'none'), 30)).toEqual([]);
  });
});

function makeFolder(folder: string) {
  mkdirSync(folder, { recursive: true });
}
