import { z } from 'zod';
import { said } from './field-words';
import { readDecimal } from './text';

/** A number typed in a form may arrive as text; "" stays missing, "abc" is an error. */
export function numberField(
  label: string,
  { min, max, isInteger = false }: { min: number; max: number; isInteger?: boolean },
) {
  const required = said(`${label} is required`, 'field.required', { label });
  const notNumber = said(`${label} must be a number`, 'field.notNumber', { label });
  let schema = z
    .number({
      error: (issue) =>
        issue.input === undefined ||
        issue.input === null ||
        (typeof issue.input === 'string' && issue.input.trim() === '')
          ? required
          : notNumber,
    })
    .refine(Number.isFinite, notNumber)
    .refine(
      (n) => n >= min,
      said(`${label} must be at least ${min}`, 'field.atLeast', { label, min }),
    )
    .refine(
      (n) => n <= max,
      said(`${label} must be at most ${max.toLocaleString('en-IN')}`, 'field.atMost', {
        label,
        max,
      }),
    );
  if (isInteger) {
    schema = schema.refine(
      Number.isInteger,
      said(`${label} must be a whole number`, 'field.wholeNumber', { label }),
    );
  }
  return z.preprocess(readDecimal, schema);
}
