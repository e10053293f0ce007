/**
 * Writes the next SQL migration from the difference between the Drizzle schema and the snapshot of
 * the last migration. Usage: npm run db:generate --workspace server -- <name>
 * Hand-written migrations (extensions, data) are plain .sql files in the same folder.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from '../src/db/schema';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
const snapshotFile = path.join(dir, 'snapshot.json');
const name = (process.argv[2] ?? 'change').replace(/\W+/g, '_').toLowerCase();

const previous = await readFile(snapshotFile, 'utf8')
  .then((text) => JSON.parse(text) as ReturnType<typeof generateDrizzleJson>)
  .catch(() => generateDrizzleJson({}));
const current = generateDrizzleJson(schema, previous.id);
const statements = await generateMigration(previous, current);
if (statements.length === 0) {
  console.log('The schema has not changed; no migration written.');
  process.exit(0);
}
const existing = (await readdir(dir)).filter((f) => /^\d{4}_.*\.sql$/.test(f));
const next = String(existing.length).padStart(4, '0');
const file = path.join(dir, `${next}_${name}.sql`);
await writeFile(file, statements.map((s) => s.trim()).join('\n--> statement-breakpoint\n') + '\n');
await writeFile(snapshotFile, JSON.stringify(current, null, 2) + '\n');
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
