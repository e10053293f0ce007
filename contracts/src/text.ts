import { z } from 'zod';

/**
 * Control characters (C0 and C1, DEL) and the noncharacters U+FFFE / U+FFFF. PostgreSQL cannot
 * store U+0000 in text, and the others have no business in a name, an address or a message.
 * Multi-line text keeps tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/;
// eslint-disable-next-line no-control-regex -- as above, minus tab, line feed, carriage return
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\v\f\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;

export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters from this text';

/** True when the text holds a character no field accepts (see above). */
export function hasForbiddenCharacters(text: string, isMultiLine = false): boolean {
  return (isMultiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

/**
 * Every free-text field of the API is built here: a string, trimmed, at most `max` characters
 * (checked before anything else looks at it), with no control characters.
 */
export function textField({
  max,
  min = 0,
  isMultiLine = false,
  messages = {},
}: {
  max: number;
  min?: number;
  isMultiLine?: boolean;
  messages?: { required?: string; tooLong?: string };
}) {
  const tooLong = messages.tooLong ?? `Use at most ${max} characters`;
  return z
    .string({ error: messages.required ?? 'Enter some text' })
    .max(max * 4, tooLong) // refuse a huge string before trimming or scanning it
    .trim()
    .min(min, messages.required ?? 'Enter some text')
    .max(max, tooLong)
    .refine((text) => !hasForbiddenCharacters(text, isMultiLine), CONTROL_CHARACTER_MESSAGE);
}
