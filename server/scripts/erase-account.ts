/**
 * `npm run erase-account -- <id or e-mail> [...]`: deletes each account as its person would from
 * their profile (decision 043): after a restore from a backup made before they left, or for an
 * erasure asked for by e-mail. On the embedded database, only while no server has it open.
 */
import 'dotenv/config';
import { loadConfig } from '../src/config';
import { openForCommand } from '../src/db/open-for-command';
import { migrate } from '../src/db/migrate';
import { eraseAccounts } from '../src/modules/privacy/erase-accounts';

const refs = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (refs.length === 0) {
  console.error('Name the accounts to erase: npm run erase-account -- <id or e-mail> [...]');
  process.exit(2);
}
const config = loadConfig();
const database = await openForCommand(config.database, 'Nothing was erased');
try {
  await migrate(database.db);
  const outcomes = await eraseAccounts(database.db, refs);
  // Any server still running drops the erased people's sessions at once.
  await database.sessions.fence();
  for (const o of outcomes) {
    if (o.outcome === 'erased') console.log(`${o.ref}: erased (${o.userId})`);
    else if (o.outcome === 'not-found') console.log(`${o.ref}: no such account (already gone?)`);
    else console.log(`${o.ref}: kept: ${o.reason}`);
  }
  if (outcomes.some((o) => o.outcome === 'refused')) process.exitCode = 1;
} finally {
  await database.close();
}
