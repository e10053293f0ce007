import { sql } from 'drizzle-orm';
import { type AppDb, queryRows } from '../db/client';
import type { Logger } from '../logger';

/**
 * The embedded database's upkeep: VACUUM (ANALYZE) of each table in turn. PGlite has no
 * autovacuum, so without it every update's old row versions stayed for ever and the planner's
 * figures went stale. One table at a time: PGlite answers one statement at a time, and requests
 * wait at most one table's vacuum, not the whole database's. (PostgreSQL's autovacuum does this
 * on a server: the job runs only on PGlite.)
 */
export async function runUpkeep(
  db: AppDb,
  logger: Logger,
): Promise<{ tables: number; ms: number }> {
  const started = performance.now();
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  let longest = { name: '', ms: 0 };
  for (const { name } of tables) {
    const at = performance.now();
    await db.execute(sql.raw(`vacuum (analyze) "${name.replaceAll('"', '""')}"`));
    const ms = performance.now() - at;
    if (ms > longest.ms) longest = { name, ms };
  }
  const ms = Math.round(performance.now() - started);
  logger.info(
    { tables: tables.length, ms, longest: { table: longest.name, ms: Math.round(longest.ms) } },
    'database upkeep done (vacuum and analyze)',
  );
  return { tables: tables.length, ms };
}
