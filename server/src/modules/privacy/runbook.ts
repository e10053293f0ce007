import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';

/** docs/runbooks/personal-data-breach.md, from the repository's root. */
export const BREACH_RUNBOOK = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/runbooks/personal-data-breach.md',
);

/** Each ```sql block of the runbook that starts with `-- query: <name>`, by name. */
export function runbookQueries(markdown: string): Map<string, string> {
  const queries = new Map<string, string>();
  for (const block of markdown.matchAll(/```sql\n([\s\S]*?)```/g)) {
    const text = block[1]!;
    const name = /^-- query: ([\w-]+)\n/.exec(text)?.[1];
    if (name)
      queries.set(
        name,
        text
          .slice(text.indexOf('\n') + 1)
          .trim()
          .replace(/;$/, ''),
      );
  }
  return queries;
}

/** The `:name` placeholders of a query, in the order they first appear. */
export function placeholdersOf(query: string): string[] {
  return [...new Set([...query.matchAll(/(?<!:):([a-z_]+)\b/g)].map((m) => m[1]!))];
}

/**
 * Runs one of the runbook's queries (`npm run breach-query`; decision 043) with its `:name`
 * placeholders bound as parameters (never pasted into the text), on either engine. Throws naming
 * what is missing.
 */
export async function runRunbookQuery(
  db: AppDb,
  name: string,
  values: Record<string, string>,
  markdown: string = readFileSync(BREACH_RUNBOOK, 'utf8'),
): Promise<Record<string, unknown>[]> {
  const query = runbookQueries(markdown).get(name);
  if (!query) {
    const known = [...runbookQueries(markdown).keys()].join(', ');
    throw new Error(`No query "${name}" in the runbook. Its queries: ${known}`);
  }
  const names = placeholdersOf(query);
  const missing = names.filter((n) => values[n] === undefined);
  if (missing.length) throw new Error(`"${name}" needs ${missing.map((m) => `${m}=…`).join(' ')}`);
  // The text around the placeholders as it is; each placeholder a bound parameter.
  const parts: SQL[] = [];
  let at = 0;
  for (const m of query.matchAll(/(?<!:):([a-z_]+)\b/g)) {
    parts.push(sql.raw(query.slice(at, m.index)), sql`${values[m[1]!]}`);
    at = m.index + m[0].length;
  }
  parts.push(sql.raw(query.slice(at)));
  return queryRows<Record<string, unknown>>(db, sql.join(parts, sql.raw('')));
}
