/** The message for a field or any of its parts ("location" also shows "location.coordinates"). */
export function errorFor(errors: Record<string, string>, field: string): string | undefined {
  const path = errorPathFor(errors, field);
  return path === undefined ? undefined : errors[path];
}

/** The path of the message `errorFor` shows: the field's own, or its first part's. */
export function errorPathFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return field;
  return Object.keys(errors).find((k) => k.startsWith(`${field}.`));
}
