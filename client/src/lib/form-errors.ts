/** The message for a field or any of its parts ("location" also shows "location.coordinates"). */
export function errorFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}
