import type { z } from 'zod';
import { said } from './field-words';

const CANNOT_SET = said('This field cannot be set here', 'field.cannotSet');

/**
 * zod issues as `{ "field.path": "message" }`, the first message per field ("_" for the whole
 * value). The server answers 400 with these; the client's forms show them beside each field.
 * Unknown keys of a strict object are named one by one.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  // Own keys only: "constructor" or "__proto__" is a field name like any other here.
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const name = (key: string, message: string) => {
    if (!Object.hasOwn(fields, key)) fields[key] = message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) name([...issue.path, key].map(String).join('.'), CANNOT_SET);
      continue;
    }
    name(issue.path.map(String).join('.') || '_', issue.message);
  }
  return { ...fields };
}
