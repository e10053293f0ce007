import type { Response } from 'express';
import { sql, type SQL } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';

const BATCH = 1000;

/**
 * One CSV field. Quotes what needs quoting, and a field a spreadsheet would run as a formula
 * (= + - @, tab or carriage return first) gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type ExportRow = Record<string, unknown> & { cursor_at: string; cursor_id: string };

/**
 * Streams packages as CSV, a batch at a time by (created_at, id) from an index, waiting for the
 * socket to drain between batches: memory stays flat however many rows there are. `where` picks
 * the packages; `columns` are the header and the row's fields, in order.
 */
export async function streamPackagesCsv(
  db: AppDb,
  res: Response,
  {
    filename,
    where,
    select,
    columns,
  }: { filename: string; where: SQL; select: SQL; columns: string[] },
): Promise<number> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  // A byte-order mark, so spreadsheet programs read Hindi and Bengali names as UTF-8.
  res.write(`\uFEFF${columns.join(',')}\r\n`);
  let after: { at: string; id: string } | null = null;
  let count = 0;
  for (;;) {
    const rows: ExportRow[] = await queryRows<ExportRow>(
      db,
      sql`select ${select}, p.created_at::text as cursor_at, p.id as cursor_id from packages p
          where ${where}
          ${after ? sql`and (p.created_at, p.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by p.created_at, p.id
          limit ${BATCH}`,
    );
    if (rows.length === 0) break;
    const text = rows
      .map((row) => columns.map((c) => csvField(row[c])).join(',') + '\r\n')
      .join('');
    count += rows.length;
    if (!res.write(text)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
    if (res.destroyed) break;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.cursor_id };
    if (rows.length < BATCH) break;
  }
  res.end();
  return count;
}
