import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from '@almquest/contracts/locales';
import registered from '../../../ops/messaging/sms-templates.json';

/**
 * The SMS texts AlmQuest sends (decision 039), as registered on India's DLT registry: one
 * template per name and language, the texts in ops/messaging/sms-templates.json (the one copy,
 * which the operator registers), each variable `{#var#}` filled in order. An SMS whose text does
 * not match its registered template is dropped by the operator's scrubbing, so the server sends
 * these texts and nothing else.
 */
export const SMS_TEMPLATE_VARIABLES = {
  almquest_sms_code: ['code'],
  almquest_sms_offer: ['meals', 'place', 'answerBy', 'link'],
  almquest_sms_offer_reply: ['meals', 'place', 'answerBy', 'accept', 'number', 'decline', 'link'],
  almquest_sms_paired_donor: ['meals', 'name', 'phone', 'place', 'code', 'link'],
  almquest_sms_paired_distributor: ['meals', 'name', 'phone', 'place', 'link'],
  almquest_sms_update: ['meals', 'place', 'what', 'link'],
  almquest_sms_declined: [],
  almquest_sms_offer_ended: [],
  almquest_sms_stopped: ['start'],
  almquest_sms_started: ['stop'],
} as const;
export type SmsTemplate = keyof typeof SMS_TEMPLATE_VARIABLES;
export const SMS_TEMPLATES = Object.keys(SMS_TEMPLATE_VARIABLES) as SmsTemplate[];

type Registered = {
  templates: Record<
    SmsTemplate,
    { variables: string[]; reply?: boolean; languages: Record<Locale, string> }
  >;
};
export const SMS_REGISTERED = (registered as Registered).templates;

/** Those needed only where people can reply (SMS_REPLY_NUMBER). */
export const isReplyTemplate = (template: SmsTemplate) => SMS_REGISTERED[template].reply === true;

/** DLT's mark for a variable, and the most one may hold. */
export const DLT_VARIABLE = '{#var#}';
export const DLT_VARIABLE_MAX = 30;

/** The DLT template id of each template in each language, as the operator registered them. */
export type SmsTemplateIds = Record<SmsTemplate, Record<Locale, string>>;

/**
 * Typographic marks with a plain twin, and what no SMS should carry (emoji and their joiners):
 * one of them in an English SMS would send it all as Unicode, at 70 characters a part, not 160.
 */
const PLAIN: [RegExp, string][] = [
  [/[‘’‚‛′]/g, "'"],
  [/[“”„‟″]/g, '"'],
  [/[‐‑‒–—―]/g, '-'],
  [/…/g, '...'],
  [/[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{fe0e}\u{fe0f}\u{20e3}]/gu, ''],
  // What an emoji's joiners leave; within a Bengali or Hindi word one stays.
  [/(?<![\p{sc=Deva}\p{sc=Beng}])\u200d|\u200d(?![\p{sc=Deva}\p{sc=Beng}])/gu, ''],
];

/** Letters as a reader counts them (a Hindi letter is often two or three code points). */
const LETTERS = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * One variable as DLT takes it: one line of at most 30 characters (counted as a person reads
 * them), in plain marks, cut short with "..." when longer.
 */
export function dltValue(text: string): string {
  let plain = text;
  for (const [mark, twin] of PLAIN) plain = plain.replace(mark, twin);
  const flat = plain.replace(/\s+/g, ' ').trim() || '-';
  if (Array.from(flat).length <= DLT_VARIABLE_MAX) return flat;
  // Whole letters only (a Hindi letter is often two or three code points).
  let out = '';
  for (const { segment } of LETTERS.segment(flat)) {
    if (Array.from(out + segment).length > DLT_VARIABLE_MAX - 3) break;
    out += segment;
  }
  // At a word's end where one is near ("Park Street, Kolkata, W" reads worse than "Park
  // Street, Kolkata"), without the comma or stop before the cut.
  const lastSpace = out.lastIndexOf(' ');
  if (lastSpace >= out.length - 10 && lastSpace > 0) out = out.slice(0, lastSpace);
  while (/[\s,;:.\-।]$/u.test(out)) out = out.slice(0, -1);
  return `${out}...`;
}

/** The text of a template in a language, its variables filled, for the server at `origin`. */
export function smsText(
  template: SmsTemplate,
  locale: Locale,
  values: readonly string[],
  origin: string,
): string {
  const text = SMS_REGISTERED[template].languages[locale].replaceAll('{origin}', origin);
  let at = 0;
  return text.replaceAll(DLT_VARIABLE, () => dltValue(values[at++] ?? '-'));
}

/** Whether a text has letters beyond GSM's plain set, so it goes as Unicode (70 a part). */
export const needsUnicode = (text: string) => /[^\x20-\x7e\n\r]/.test(text);

/**
 * Reads the operator's template ids (SMS_DLT_TEMPLATES): every template the server will send,
 * in every language, with the number DLT gave it. Answers what is wrong otherwise.
 */
export function readSmsTemplateIds(
  file: string,
  { replies }: { replies: boolean },
): SmsTemplateIds | string {
  let given: unknown;
  try {
    given = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return `could not be read as JSON (${(error as Error).message})`;
  }
  const missing: string[] = [];
  const unquoted: string[] = [];
  const ids = {} as SmsTemplateIds;
  for (const template of SMS_TEMPLATES) {
    const needed = replies || !isReplyTemplate(template);
    const row = (given as Record<string, Record<string, unknown>> | null)?.[template];
    ids[template] = {} as Record<Locale, string>;
    for (const locale of LOCALES) {
      const id = row?.[locale];
      if (typeof id === 'string' && /^\d{10,30}$/.test(id)) ids[template][locale] = id;
      else if (typeof id === 'number') unquoted.push(`${template}.${locale}`);
      else if (needed) missing.push(`${template}.${locale}`);
    }
  }
  if (unquoted.length > 0) {
    return `gives ids as numbers (${unquoted.join(', ')}): write each in quotes, as "1107…" (a 19-digit number loses its last digits in JSON)`;
  }
  if (missing.length > 0) {
    return `lacks the DLT template id (the number DLT gave it) of ${missing.join(', ')}`;
  }
  return ids;
}
