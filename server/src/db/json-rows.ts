import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Reads a table's row as the database wrote it in JSON (its column names: row_to_json, or a
 * function answering JSON such as matching's almquest_claim_row) into the shape Drizzle reads one,
 * each value through its column's own mapping (timestamps become Dates).
 */
export function rowFromJson<T extends Table>(
  table: T,
): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (raw) =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const value = raw[column.name];
        return [
          key,
          value === null || value === undefined ? null : column.mapFromDriverValue(value),
        ];
      }),
    ) as T['$inferSelect'];
}
