import type { MessageWords } from './errors';

/**
 * The shared schemas' messages about one field, as the clients' catalogs name them. Each schema
 * says its message in English (the API's words) through `said`, which remembers the message's
 * words: a catalog key and its values. A client then says the message in the reader's language
 * from those words, never by matching the English: the API sends them as `fieldWords`, and a
 * form that checked its values with the same schema looks its own messages up here.
 */
export type FieldMessageKey =
  | 'field.required'
  | 'field.notNumber'
  | 'field.atLeast'
  | 'field.atMost'
  | 'field.wholeNumber'
  | 'field.tooLong'
  | 'field.enterText'
  | 'field.onlyOnce'
  | 'field.controlCharacters'
  | 'field.invisible'
  | 'field.stackedMarks'
  | 'field.phoneRequired'
  | 'field.phoneInvalid'
  | 'field.nameRequired'
  | 'field.emailRequired'
  | 'field.pickPlace'
  | 'field.contactName'
  | 'field.contactEmail'
  | 'field.contactEmailInvalid'
  | 'field.contactMessage'
  | 'field.reasonRequired'
  | 'field.peopleQuery'
  | 'field.cannotSet'
  | 'field.donorType'
  | 'field.travelCapacity'
  | 'field.travelAtLeast'
  | 'field.travelAtMost'
  | 'field.travelMoreThan'
  | 'field.pickIndia'
  | 'field.typePlace'
  | 'field.typeTwoLetters'
  | 'server.readyUntilPast'
  | 'server.readyUntilTooFar'
  | 'server.codeRequired'
  | 'server.donorMismatch'
  | 'server.codeLocked'
  | 'server.wrongCodeTries'
  | 'server.idempotencyKeyUsed'
  | 'field.cursor'
  | 'field.unsubscribeToken'
  | 'field.invalid'
  | 'field.invalidId'
  | 'field.nothingToChange'
  | 'field.trueOrFalse'
  | 'field.diet'
  | 'field.timeFormat'
  | 'field.receivedOrDistributed'
  | 'field.splitOnlyOn'
  | 'field.pushSubscription'
  | 'field.waitingState'
  | 'field.chooseDistributor'
  | 'field.reportReason'
  | 'field.dateFormat'
  | 'field.dateRange'
  | 'field.fromAfterTo'
  | 'field.locale'
  | 'field.messagingCode'
  | 'field.messagingUpdates'
  | 'field.failedOnly'
  | 'field.foodKind'
  | 'server.preparedAtFuture'
  | 'server.preparedAtNotCooked'
  | 'server.preparedAtRequired'
  | 'server.preparedTooLongAgo'
  | 'server.readyUntilAfterUseBy'
  | 'server.windowAfterUseBy'
  | 'field.weekdays'
  | 'field.weekday'
  | 'server.checkFailed'
  | 'field.disposalReason'
  | 'field.weekdaysOnce'
  | 'field.fssaiNumber'
  | 'field.registrationNumber'
  | 'field.privacyNotice'
  | 'field.isAdult'
  | 'field.timeOfDay'
  | 'field.skipOrQuantity';

const wordsByMessage = new Map<string, MessageWords>();

/**
 * A field message in English, remembered with its words. `params` are the values the catalog's
 * text takes (`label` is a field's English label, which a client translates too).
 */
export function said(
  english: string,
  key: FieldMessageKey,
  params?: Record<string, string | number>,
): string {
  wordsByMessage.set(english, params ? { key, params } : { key });
  return english;
}

/** The words of a message a schema said, or undefined for one no schema said through `said`. */
export function wordsOfFieldMessage(message: string): MessageWords | undefined {
  return wordsByMessage.get(message);
}

/** A field message's words given where it is said with a value in it (no schema says those). */
export type FieldWords = { key: FieldMessageKey; params?: Record<string, string | number> };

/** The words of each field message that has them (`{ "field.path": words }`). */
export function fieldWordsOf(fields: Record<string, string>): Record<string, MessageWords> {
  const found: Record<string, MessageWords> = {};
  for (const [field, message] of Object.entries(fields)) {
    const words = wordsByMessage.get(message);
    if (words) found[field] = words;
  }
  return found;
}

/** Every message said so far with its words (for the test that holds them to the catalogs). */
export function saidMessages(): [string, MessageWords][] {
  return [...wordsByMessage.entries()];
}
