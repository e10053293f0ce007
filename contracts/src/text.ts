import { z } from 'zod';
import { said } from './field-words';

/**
 * Control characters (C0 and C1, DEL), the noncharacters U+FFFE / U+FFFF, the line and paragraph
 * separators (U+2028, U+2029: line breaks that some screens honour and others do not), the
 * interlinear annotation marks (U+FFF9-U+FFFB: hidden text), and the bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069). PostgreSQL cannot store U+0000 in text;
 * the others have no business in a name, an address or a message (one bidi override turns the
 * rest of a line around wherever the name is shown: "evil\u202Egnp.exe"). Hindi, Bengali and
 * Urdu never need them; the joiners Indic scripts do need (U+200C, U+200D) stay allowed.
 * Multi-line text keeps tab, line feed and carriage return.
 */
const SINGLE_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufff9-\ufffb\ufffe\uffff]/;
// As above, minus tab, line feed and carriage return.
const MULTI_LINE_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\v\f\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufff9-\ufffb\ufffe\uffff]/;
/**
 * Half of a surrogate pair without its other half: not a character at all (JSON can carry one as
 * "\ud800"; PostgreSQL would store U+FFFD in its place, silently changing the text).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Tag characters (U+E0000-U+E007F) are invisible and can smuggle text; their only use is inside a
 * subdivision flag emoji (black flag, tag letters, cancel tag), which stays allowed.
 */
const TAG_CHARACTER = /[\u{e0000}-\u{e007f}]/u;
// A subdivision flag: a region code of two letters and one to three letters or digits (gbeng).
const FLAG_TAG_SEQUENCE =
  /\u{1f3f4}[\u{e0061}-\u{e007a}]{2}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{1,3}\u{e007f}/gu;
/**
 * Noncharacters beyond U+FFFE/U+FFFF: U+FDD0-U+FDEF and the last two code points of every plane.
 * Unicode keeps them for a program's own use; they have no place in text from outside.
 */
const NONCHARACTER = new RegExp(
  `[\\ufdd0-\\ufdef${Array.from({ length: 16 }, (_, i) => `\\u{${(i + 1).toString(16)}fffe}\\u{${(i + 1).toString(16)}ffff}`).join('')}]`,
  'u',
);
/**
 * Eight or more combining marks in a row ("Zalgo" text) draw over the lines above and below;
 * Hindi and Bengali never stack more than a few (a vowel sign, a nasal mark, a virama).
 */
const STACKED_MARKS = /\p{M}(?:\p{Cf}*\p{M}){7}/u; // invisible format characters between them count for nothing
export const STACKED_MARKS_MESSAGE = said(
  'Use fewer accents or vowel signs on one letter',
  'field.stackedMarks',
);
/** A letter, digit, punctuation mark or symbol: something a reader can see. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/**
 * Letters and symbols that print as blank space: Hangul fillers, the blank Braille pattern and
 * the musical null notehead.
 */
const BLANK_LOOKING = /[\u115f\u1160\u2800\u3164\uffa0\u{1d159}]/gu;

const DECIMAL = /^-?\d{1,15}(?:\.\d{1,15})?$/;

/**
 * A number that may arrive as text (a form field, a query parameter) read as a plain decimal only
 * ("12", "-7.5"): never hex, exponents or "Infinity". Anything else is passed on unchanged for the
 * number schema to refuse.
 */
export function readDecimal(value: unknown): unknown {
  if (typeof value !== 'string' || value.length > 40) return value;
  const text = asciiDigits(value.trim());
  return DECIMAL.test(text) ? Number(text) : value;
}

/** Devanagari (०-९) and Bengali (০-৯) digits as ASCII ones: "১২" and "१२" are 12 too. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0966-\u096F\u09E6-\u09EF]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x09e6 ? 0x09e6 : 0x0966));
  });
}

export const CONTROL_CHARACTER_MESSAGE = said(
  'Remove the control characters from this text',
  'field.controlCharacters',
);
export const INVISIBLE_TEXT_MESSAGE = said('Type some letters or digits', 'field.invisible');

/** True when the text holds a character no field accepts (see above). */
export function hasForbiddenCharacters(text: string, isMultiLine = false): boolean {
  return (
    (isMultiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text) ||
    LONE_SURROGATE.test(text) ||
    NONCHARACTER.test(text) ||
    (TAG_CHARACTER.test(text) && TAG_CHARACTER.test(text.replace(FLAG_TAG_SEQUENCE, '')))
  );
}

/** True when non-empty text has nothing a reader could see (only zero-width or format characters). */
export function isInvisibleText(text: string): boolean {
  return text !== '' && !VISIBLE.test(text.replace(BLANK_LOOKING, ''));
}

/**
 * Text from elsewhere (a sign-in provider's name claim) made to pass textField's rules: forbidden
 * characters dropped, trimmed, capped at `max`. Empty when nothing visible is left.
 */
export function cleanOutsideText(text: string, max: number): string {
  const kept = Array.from(text.slice(0, max * 4))
    .filter((c) => !hasForbiddenCharacters(c))
    .join('')
    .trim();
  let capped = kept.slice(0, max);
  const last = capped.charCodeAt(capped.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) capped = capped.slice(0, -1); // half a pair
  capped = capped.trim();
  return isInvisibleText(capped) ? '' : capped;
}

const ENTER_TEXT_MESSAGE = said('Enter some text', 'field.enterText');
/** A field sent twice (`?q=a&q=b` reaches a schema as a list). */
const ONLY_ONCE_MESSAGE = said('Send this only once', 'field.onlyOnce');

/**
 * Every free-text field of the API is built here: a string, trimmed, at most `max` characters
 * (checked before anything else looks at it), with no control characters, and not only invisible
 * ones.
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
  const tooLong =
    messages.tooLong ??
    said(`Use at most ${max.toLocaleString('en-IN')} characters`, 'field.tooLong', { max });
  const required = messages.required ?? ENTER_TEXT_MESSAGE;
  return z
    .string({ error: (issue) => (Array.isArray(issue.input) ? ONLY_ONCE_MESSAGE : required) })
    .max(max * 4, tooLong) // refuse a huge string before trimming or scanning it
    .trim()
    .min(min, required)
    .max(max, tooLong)
    .refine((text) => !hasForbiddenCharacters(text, isMultiLine), CONTROL_CHARACTER_MESSAGE)
    .refine((text) => !STACKED_MARKS.test(text), STACKED_MARKS_MESSAGE)
    .refine((text) => !isInvisibleText(text), messages.required ?? INVISIBLE_TEXT_MESSAGE);
}
