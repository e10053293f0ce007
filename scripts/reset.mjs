// `npm run reset`: deletes the embedded database folder (DATA_DIR, default ./data) so the next
// `npm start` begins from nothing. Stop the server first. With DATABASE_URL set it touches
// nothing and says how to reset a PostgreSQL database instead.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import 'dotenv/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.DATABASE_URL) {
  console.log(
    'DATABASE_URL is set: the data lives in that PostgreSQL database, which this command does not touch.\n' +
      'To start over there, drop and recreate the database (e.g. dropdb almquest && createdb almquest).',
  );
  process.exit(0);
}
const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist.`);
  process.exit(0);
}
// A running server holds almquest.lock in the folder (server/src/db/data-dir-lock.ts): never
// delete the database from under it.
let holder = null;
try {
  // Its first line is the pid (the second says which run of it: a reset errs on the safe side).
  const [first = ''] = readFileSync(path.join(dataDir, 'almquest.lock'), 'utf8').split('\n');
  const pid = /^\d{1,10}$/.test(first.trim()) ? Number(first.trim()) : 0;
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      holder = pid;
    } catch (error) {
      if (error.code === 'EPERM') holder = pid;
    }
  }
} catch {
  // no lock: nothing has the folder open
}
if (holder !== null) {
  console.error(
    `Nothing was deleted: AlmQuest (pid ${holder}) is running on ${dataDir}. Stop it first (Ctrl+C in its terminal, or kill ${holder}), then run npm run reset again.`,
  );
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`Deleted ${dataDir}. The next npm start begins with an empty database.`);
