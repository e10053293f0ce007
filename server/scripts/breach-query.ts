/**
 * `npm run breach-query -- <query> name=value ...`: runs one of the queries of
 * docs/runbooks/personal-data-breach.md (who a breach touched) on the database the server uses,
 * and prints its rows as JSON lines. On the embedded database, only while no server has it open.
 * `npm run breach-query` alone lists the queries and what each needs.
 */
import 'dotenv/config';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config';
import { openForCommand } from '../src/db/open-for-command';
import {
  BREACH_RUNBOOK,
  placeholdersOf,
  runbookQueries,
  runRunbookQuery,
} from '../src/modules/privacy/runbook';

const [name, ...rest] = process.argv.slice(2);
const markdown = readFileSync(BREACH_RUNBOOK, 'utf8');
if (!name) {
  for (const [query, text] of runbookQueries(markdown)) {
    console.log(
      `${query} ${placeholdersOf(text)
        .map((p) => `${p}=…`)
        .join(' ')}`,
    );
  }
  process.exit(0);
}
const values = Object.fromEntries(
  rest.map((arg) => [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]),
);
const config = loadConfig();
const database = await openForCommand(config.database, 'Stop the server first');
try {
  const rows = await runRunbookQuery(database.db, name, values, markdown);
  for (const row of rows) console.log(JSON.stringify(row));
  console.error(`${rows.length} row(s).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
