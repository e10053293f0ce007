import { z } from 'zod';
import { readDecimal } from './text';

/** A number typed in a form may arrive as text; "" stays missing, "abc" is an error. */
export function numberField(
  label: string,
  { min, max, isInteger = false }: { min: number; max: number; isInteger?: boolean },
) {
  let schema = z
    .number({
      error: (issue) =>
        issue.input === undefined ||
        issue.input === null ||
        (typeof issue.input === 'string' && issue.input.trim() === '')
          ? `${label} is required`
          : `${label} must be a number`,
    })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((n) => n >= min, `${label} must be at least ${min}`)
    .refine((n) => n <= max, `${label} must be at most ${max.toLocaleString('en-IN')}`);
  if (isInteger) schema = schema.refine(Number.isInteger, `${label} must be a whole number`);
  return z.preprocess(readDecimal, schema);
}
