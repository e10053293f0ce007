import type { z } from 'zod';

/**
 * zod issues as `{ "field.path": "message" }`, the first message per field ("_" for the whole
 * value). The server answers 400 with these; the client's forms show them beside each field.
 * Unknown keys of a strict object are named one by one.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        fields[[...issue.path, key].map(String).join('.')] ??= 'This field cannot be set here';
      continue;
    }
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
