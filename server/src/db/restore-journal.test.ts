import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moveEntry } from './restore-journal';

// Two folders on different file systems, where a rename fails with EXDEV and an entry moves by a
// copy and a delete: the machine's temporary folder and its shared-memory one, when those are
// two. (The whole restore onto a mount point is in ops/backup.test.ts, where root can mount.)
const here = mkdtempSync(path.join(tmpdir(), 'almquest-move-'));
const shm = '/dev/shm';
const otherFs = (() => {
  try {
    return statSync(shm).isDirectory() && statSync(shm).dev !== statSync(here).dev
      ? mkdtempSync(path.join(shm, 'almquest-move-'))
      : null;
  } catch {
    return null;
  }
})();
afterAll(() => {
  rmSync(here, { recursive: true, force: true });
  if (otherFs) rmSync(otherFs, { recursive: true, force: true });
});

/** A folder of a few files, like one of PGlite's (base/, global/). */
function makeEntry(at: string, files: Record<string, string>) {
  mkdirSync(at, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(at, name)), { recursive: true });
    writeFileSync(path.join(at, name), text);
  }
}
const read = (at: string) =>
  Object.fromEntries(
    (readdirSync(at, { recursive: true }) as string[])
      .filter((name) => statSync(path.join(at, name)).isFile())
      .sort()
      .map((name) => [name, readFileSync(path.join(at, name), 'utf8')]),
  );
const whole = { 'a/1': 'one', 'a/2': 'two', 'b/3': 'three', PG_VERSION: '17\n' };

describe.skipIf(!otherFs)(
  'moving an entry across file systems (/dev/shm is one of its own here)',
  () => {
    it('copies it whole under a temporary name, then deletes the original', () => {
      const from = path.join(otherFs!, 'base');
      const to = path.join(here, 'base');
      makeEntry(from, whole);
      moveEntry(from, to);
      expect(read(to)).toEqual(whole);
      expect(readdirSync(otherFs!)).toEqual([]);
      expect(readdirSync(here)).toEqual(['base']);
      rmSync(to, { recursive: true });
    });

    it('made again after a kill inside the copy: the half copy is replaced from the original', () => {
      const from = path.join(otherFs!, 'global');
      const to = path.join(here, 'global');
      makeEntry(from, whole);
      makeEntry(`${to}.copying`, { 'a/1': 'on' });
      moveEntry(from, to);
      expect(read(to)).toEqual(whole);
      expect(readdirSync(here)).toEqual(['global']);
      expect(readdirSync(otherFs!)).toEqual([]);
      rmSync(to, { recursive: true });
    });

    it('made again after a kill inside the delete: the whole copy stays, what is left goes', () => {
      const from = path.join(otherFs!, 'pg_wal');
      const to = path.join(here, 'pg_wal');
      makeEntry(to, whole);
      // The original, half deleted when the process was killed.
      makeEntry(from, { 'b/3': 'three' });
      moveEntry(from, to);
      expect(read(to)).toEqual(whole);
      expect(readdirSync(otherFs!)).toEqual([]);
      rmSync(to, { recursive: true });
    });
  },
);
