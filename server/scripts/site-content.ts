/**
 * `npm run site-content -- FILE.json`: saves the landing page's own sections (testimonials, team,
 * partners, social links) from a JSON file shaped like contracts/src/site.ts SiteContentSchema;
 * `npm run site-content -- --show` prints what is saved; `--clear` removes them all. Uses
 * DATABASE_URL or the PGlite folder, like the server (stop the server first when using PGlite).
 * A running server shows the change within a minute.
 */
import 'dotenv/config';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMPTY_SITE_CONTENT } from '@almquest/contracts/site';
import { ZodError } from 'zod';
import { loadConfig } from '../src/config';
import { openForCommand } from '../src/db/open-for-command';
import { migrate } from '../src/db/migrate';
import { readSiteContent, saveSiteContent } from '../src/modules/site/site.service';

const [arg] = process.argv.slice(2);
/** A file named on the command line, from the folder the command was typed in. */
const fileOf = (name: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
if (!arg) {
  console.error('Usage: npm run site-content -- FILE.json | --show | --clear');
  process.exit(2);
}
let content: unknown = null;
if (arg !== '--show') {
  try {
    content =
      arg === '--clear' ? EMPTY_SITE_CONTENT : JSON.parse(await readFile(fileOf(arg), 'utf8'));
  } catch (error) {
    console.error(`Could not read ${fileOf(arg)}: ${(error as Error).message}`);
    process.exit(2);
  }
}
const database = await openForCommand(loadConfig().database, 'Nothing was changed');
try {
  await migrate(database.db);
  if (arg === '--show') {
    console.log(JSON.stringify(await readSiteContent(database.db), null, 2));
  } else {
    const saved = await saveSiteContent(database.db, content);
    const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    console.log(
      arg === '--clear'
        ? 'Cleared: the landing page shows no testimonials, team, partners or social links.'
        : `Saved ${count(saved.testimonials.length, 'testimonial', 'testimonials')}, ${count(saved.team.length, 'team member', 'team members')}, ${count(saved.partners.length, 'partner', 'partners')} and ${count(saved.social.length, 'social link', 'social links')}.`,
    );
  }
} catch (error) {
  if (!(error instanceof ZodError)) throw error;
  console.error('Nothing was saved; the file does not fit:');
  for (const issue of error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
