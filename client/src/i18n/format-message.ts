import { intlLocale, type Locale } from './locales';

export type MessageParams = Record<string, string | number>;

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(locale));
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
/** A number as people of that language write it in India: 1,00,000. */
export function formatNumber(locale: Locale, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale));
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * Fills a message: `{name}` takes a parameter (numbers formatted for the language), and
 * `{count, plural, one {# meal} other {# meals}}` picks the form the language's plural rules ask
 * for, `#` standing for the number. A missing parameter is left as `{name}` so it shows in
 * review instead of vanishing.
 */
export function formatMessage(
  locale: Locale,
  template: string,
  params: MessageParams = {},
): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, open);
    const close = matchingBrace(template, open);
    const inner = template.slice(open + 1, close);
    out += fill(locale, inner, params);
    i = close + 1;
  }
  return out;
}

/** The index of the brace closing the one at `open` (nested braces counted). */
function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === '{') depth += 1;
    else if (text[j] === '}') {
      depth -= 1;
      if (depth === 0) return j;
    }
  }
  throw new Error(`Unclosed "{" in message: ${text}`);
}

function fill(locale: Locale, inner: string, params: MessageParams): string {
  const [name = '', kind, ...rest] = inner.split(',').map((part) => part.trim());
  const value = params[name];
  if (kind !== 'plural') {
    if (value === undefined) return `{${inner}}`;
    return typeof value === 'number' ? formatNumber(locale, value) : value;
  }
  const count = typeof value === 'number' ? value : Number(value);
  const forms = parseForms(rest.join(','));
  const form =
    forms.get(`=${count}`) ?? forms.get(pluralCategory(locale, count)) ?? forms.get('other');
  if (form === undefined) return `{${inner}}`;
  // '#' is the count in the form's own text only: a '#' inside a parameter ("Roti Bank #7") stays.
  return formatMessage(locale, form.replaceAll('#', '{\u0000count}'), {
    ...params,
    '\u0000count': count,
  });
}

/** `one {# meal} other {# meals}` as a map from selector to text. */
function parseForms(text: string): Map<string, string> {
  const forms = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const selector = text.slice(i, open).trim();
    const close = matchingBrace(text, open);
    forms.set(selector, text.slice(open + 1, close));
    i = close + 1;
  }
  return forms;
}
