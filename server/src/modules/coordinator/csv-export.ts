import type { Response } from 'express';
import { sql, type SQL } from 'drizzle-orm';
import { type AppDb, queryRows } from '../../db/client';

const BATCH = 1000;

/** Columns that hold a moment: written as ISO 8601 in UTC (`2026-11-25T07:00:00Z`). */
const MOMENT_COLUMNS = new Set([
  'created_at',
  'ready_until',
  'paired_at',
  'received_at',
  'distributed_at',
  'cancelled_at',
  'expired_at',
]);

/** What every export of packages starts with: the package itself, where it is and what it holds. */
export const PACKAGE_COLUMNS = ['id', 'created_at', 'state', 'quantity', 'diet', 'address'];

/**
 * The select list of an export of `packages p`: each column by name, moments as ISO text in UTC,
 * and any column in `instead` by the expression given (e.g. what only some may see).
 */
export function exportSelect(columns: readonly string[], instead: Record<string, SQL> = {}): SQL {
  return sql.join(
    columns.map((column) => {
      const own = sql.raw(`p.${column}`);
      const value =
        instead[column] ??
        (MOMENT_COLUMNS.has(column)
          ? sql`to_char(${own} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
          : own);
      return sql`${value} as ${sql.raw(column)}`;
    }),
    sql`, `,
  );
}

/**
 * One CSV field. Text that a spreadsheet would run as a formula (= + - @, tab or carriage return
 * first) gets a leading apostrophe (OWASP's CSV injection advice), and so does every piece of it
 * after a separator some locale's spreadsheet splits on (, ; tab |), in case one splits without
 * reading quotes. A field holding any such separator, a quote or a line break is quoted.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string') {
    // Also after spaces and invisible format characters (zero-width ones, the soft hyphen:
    // Unicode's Cf), and for the full-width, small, superscript and mathematical forms of the
    // signs, which some spreadsheets may read as the signs themselves. The apostrophe goes
    // after spaces (as a person would type it) but before invisible characters, first in the
    // cell, where a spreadsheet reads it.
    text = text.replace(
      /(^|[,;\t|])([\s\p{Cf}]*)(?=[=+\-@\t\r\uff1d\ufe66\uff0b\ufe62\uff0d\ufe63\uff20\ufe6b\u2212\u2010-\u2014\u2795\u2796\u207a-\u207c\u208a-\u208c])/gu,
      (_all, start: string, lead: string) =>
        /^\s*$/.test(lead) ? `${start}${lead}'` : `${start}'${lead}`,
    );
  }
  return /[",;\t|\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type ExportRow = Record<string, unknown> & { cursor_at: string; cursor_id: string };

/** Resolves once the socket can take more, or at once if the response is over (closed, failed). */
export function drained(res: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      res.off('error', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
    res.on('error', done);
  });
}

/**
 * Streams packages as CSV, a batch at a time by (created_at, id) from an index, waiting for the
 * socket to drain between batches: memory stays flat however many rows there are. `where` picks
 * the packages; `columns` are the header and the row's fields, in order. The first batch is read
 * before anything is sent (a failing query still gets a proper error answer), then `onStart`
 * runs (the coordinators' export writes its audit entry there). A reader who goes away stops it.
 */
export async function streamPackagesCsv(
  db: AppDb,
  res: Response,
  {
    filename,
    where,
    select,
    columns,
    onStart,
  }: {
    filename: string;
    where: SQL;
    select: SQL;
    columns: string[];
    onStart?: () => Promise<void>;
  },
): Promise<number> {
  const batch = (after: { at: string; id: string } | null) =>
    queryRows<ExportRow>(
      db,
      sql`select ${select}, p.created_at::text as cursor_at, p.id as cursor_id from packages p
          where ${where}
          ${after ? sql`and (p.created_at, p.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by p.created_at, p.id
          limit ${BATCH}`,
    );
  let rows = await batch(null);
  await onStart?.();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  // A byte-order mark, so spreadsheet programs read Hindi and Bengali names as UTF-8.
  res.write(`\uFEFF${columns.join(',')}\r\n`);
  let count = 0;
  while (rows.length > 0) {
    const text = rows
      .map((row) => columns.map((c) => csvField(row[c])).join(',') + '\r\n')
      .join('');
    count += rows.length;
    if (!res.write(text)) await drained(res);
    if (res.destroyed) return count;
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1]!;
    rows = await batch({ at: last.cursor_at, id: last.cursor_id });
  }
  res.end();
  return count;
}
