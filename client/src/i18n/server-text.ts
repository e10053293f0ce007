import type { MessageWords, ServerMessageKey } from '@almquest/contracts/errors';
import type { FieldMessageKey } from '@almquest/contracts/field-words';
import type { MessageParams } from './format-message';
import { englishText } from './catalog-parts';
import type { MessageKey } from './messages/en';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The API and the shared schemas speak English (their messages are part of the API for every
 * client), and give each message's words too: a key the catalogs hold and its values. A reader of
 * another language gets the same thing from those words, never by matching the English.
 */
function paramValue(name: string, raw: string, t: Translate): string | number {
  if (name === 'label') return labelFor(raw, t);
  if (name === 'role') return t(raw.toLowerCase() === 'donor' ? 'role.donor' : 'role.distributor');
  if (name === 'state') {
    const key = `state.${raw}` as MessageKey;
    return englishText(key) === undefined ? raw : t(key);
  }
  const n = Number(raw.replaceAll(',', ''));
  return Number.isFinite(n) ? n : raw;
}

function labelFor(label: string, t: Translate): string {
  const key = `field.label.${label}` as MessageKey;
  return englishText(key) === undefined ? label : t(key);
}

/** Every key the API may send has its text in the catalogs: a missing one fails the type check. */
type Unworded = Exclude<`server.${ServerMessageKey}`, MessageKey>;
export const everyServerKeyWorded: [Unworded] extends [never] ? true : Unworded = true;
type UnwordedField = Exclude<FieldMessageKey, MessageKey>;
export const everyFieldKeyWorded: [UnwordedField] extends [never] ? true : UnwordedField = true;

/**
 * The reader's words for an API message given as a key and values (the error body's `key` and
 * `params`), or null when the catalogs do not know the key (an older client and a newer server).
 */
export function translateWords(words: MessageWords, t: Translate): string | null {
  return translateCatalogWords(`server.${words.key}`, words.params, t);
}

/**
 * The reader's words for a field message given as words (the API's `fieldWords`, or what a
 * shared schema said on this page): the key is the catalog's own.
 */
export function translateFieldWords(words: MessageWords, t: Translate): string | null {
  return translateCatalogWords(words.key, words.params, t);
}

function translateCatalogWords(
  catalogKey: string,
  values: MessageWords['params'],
  t: Translate,
): string | null {
  const key = catalogKey as MessageKey;
  if (englishText(key) === undefined) return null;
  const params: MessageParams = {};
  for (const [name, raw] of Object.entries(values ?? {})) {
    params[name] = typeof raw === 'number' ? raw : paramValue(name, raw, t);
  }
  return t(key, params);
}
