/** Whether a parser takes a value (true) or throws on it (false): to hold two checks equal. */
export function accepts(parse: (data: unknown) => unknown, data: unknown): boolean {
  try {
    parse(data);
    return true;
  } catch {
    return false;
  }
}
