/**
 * Reads CSV as the exports write it (RFC 4180): quoted fields may hold commas, quotes ("") and
 * line breaks; a byte-order mark and CRLF line ends are allowed. One record per row, by header.
 * For the tests, the browser journeys and the simulation, which all read the exports back.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field || record.length) records.push([...record, field]);
  const [header = [], ...rest] = records;
  return rest.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ''])));
}
