import type { MessageWords, ServerMessageKey } from '@almquest/contracts/errors';
import type { FieldMessageKey } from '@almquest/contracts/field-words';
import type { MessageParams } from './format-message';
import { englishEntries, englishText } from './catalog-parts';
import type { MessageKey } from './messages/en';

type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * The API and the shared schemas speak English (their messages are part of the API for every
 * client). For a reader of another language the client says the same thing from its catalogs:
 * a fixed text is found by its English wording, a text with a value in it by its pattern, and
 * anything unknown falls back to what its error code means, so a Hindi or Bengali reader never
 * gets an English sentence.
 */
const patterns: [RegExp, MessageKey, ...string[]][] = [
  [/^(.+) is required$/, 'field.required', 'label'],
  [/^(.+) must be a number$/, 'field.notNumber', 'label'],
  [/^(.+) must be at least ([\d,.]+)$/, 'field.atLeast', 'label', 'min'],
  [/^(.+) must be at most ([\d,.]+)$/, 'field.atMost', 'label', 'max'],
  [/^(.+) must be a whole number$/, 'field.wholeNumber', 'label'],
  [/^Use at most ([\d,]+) characters$/, 'field.tooLong', 'max'],
  [/^Travel capacity must be at most ([\d,.]+) km$/, 'field.travelAtMost', 'max'],
  [
    /^You are already registered as a (Donor|Distributor|donor|distributor)\.?$/,
    'server.alreadyRegistered',
    'role',
  ],
  [/^This package is already (.+)\.$/, 'server.alreadyInState', 'state'],
  [
    /^This package is (.+); only a Not Paired package can be deleted\.$/,
    'server.onlyNotPairedDeleted',
    'state',
  ],
  [
    /^You have ([\d,]+) meals still to collect or hand out; capacity cannot go below that\.$/,
    'server.capacityBelowLoad',
    'count',
  ],
  [/^Wrong code: (\d+) tr(?:y|ies) left$/, 'server.wrongCodeTries', 'count'],
  [/^Too many wrong codes; try again later$/, 'server.codeLocked'],
  [/^Too many .+$/, 'error.rate_limited'],
  [
    /^This package is .+; only (?:an? .+ package|a package not yet Received) can .+\.$/,
    'server.lifecycleConflict',
  ],
  [
    /^This package is .+; (?:the travel capacity can change|it can be allowed to split) only while it waits for a distributor\.$/,
    'server.lifecycleConflict',
  ],
  [/^You have donated many packages just now\..*$/, 'server.donatedTooMany'],
];

/** Fixed English texts the catalogs also hold, by their wording. */
function keyForWording(text: string): MessageKey | undefined {
  for (const [key, value] of englishEntries()) {
    if ((key.startsWith('field.') || key.startsWith('server.')) && value === text) return key;
  }
  return undefined;
}

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

/** The reader's words for an English text from the API or the schemas, or null if unknown. */
export function translateKnownText(text: string, t: Translate): string | null {
  const fixed = keyForWording(text);
  if (fixed) return t(fixed);
  for (const [pattern, key, ...names] of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: MessageParams = {};
    names.forEach((name, i) => {
      params[name] = paramValue(name, match[i + 1] ?? '', t);
    });
    return t(key, params);
  }
  return null;
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
