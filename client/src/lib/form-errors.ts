import type { z } from 'zod';

/** zod issues as `{ field: message }` (nested paths joined with dots), first message per field. */
export function toFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The message for a field or any of its parts ("location" also shows "location.coordinates"). */
export function errorFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const nested = Object.keys(errors).find((k) => k.startsWith(`${field}.`));
  return nested ? errors[nested] : undefined;
}
