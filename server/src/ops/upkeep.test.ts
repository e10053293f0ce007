import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { createLogger } from '../logger';
import { openTestDatabase } from '../test/test-app';
import { runUpkeep } from './upkeep';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(() => database.close());

const sizeOf = async (table: string) =>
  (
    await queryRows<{ size: number }>(
      database.db,
      sql`select pg_relation_size(${table}::regclass)::int as size`,
    )
  )[0]!.size;

describe('the embedded database upkeep', () => {
  it('vacuums and analyses every table, so updates reuse the room of old rows', async () => {
    const { db } = database;
    await db.execute(sql`create table upkeep_probe (id int primary key, n int not null)`);
    await db.execute(sql`insert into upkeep_probe select g, 0 from generate_series(1, 20000) g`);
    const touchAll = () => db.execute(sql`update upkeep_probe set n = n + 1`);
    // Without upkeep every update leaves its old rows behind: the table grows each time.
    await touchAll();
    const grown = await sizeOf('upkeep_probe');
    await touchAll();
    expect(await sizeOf('upkeep_probe')).toBeGreaterThan(grown);
    const before = await sizeOf('upkeep_probe');

    const done = await runUpkeep(db, createLogger('silent'));
    expect(done.tables).toBeGreaterThan(20);
    const stale = await queryRows<{ relname: string }>(
      db,
      sql`select relname from pg_stat_user_tables
           where schemaname = 'public' and (last_vacuum is null or last_analyze is null)`,
    );
    expect(stale.map((r) => r.relname)).toEqual([]);
    // After it, an update finds room where the old rows were.
    await touchAll();
    expect(await sizeOf('upkeep_probe')).toBe(before);
  });
});
