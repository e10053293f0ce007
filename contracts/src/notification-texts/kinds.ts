// No zod here: the client's language catalogs import these texts (see ../notifications.ts).
import type { NotificationKind } from '../notifications';

/** Each notification kind's words in one language. */
export type NotificationTexts = Record<NotificationKind, string>;

/**
 * What the server says outside the app in one language: around a push or an e-mail
 * the notification's own words need a line about the package, the offer's deadline, a link and
 * the reason the e-mail came. `{name}` parts are filled in by the server.
 */
export type DeliveryTexts = {
  /** The notification's title on a phone's lock screen. */
  title: string;
  /** `shown` is the count in the reader's digits. */
  meals: (count: number, shown: string) => string;
  /** "{meals} · {place}" */
  packageLine: string;
  /** "{time}" is HH:MM in India's time. */
  answerBy: string;
  mailOpen: string;
  /** "{url}": a coordinator's alert opens the console, not a package. */
  mailOpenConsole: string;
  mailWhyOffers: string;
  mailWhyUpdates: string;
  /** Why a coordinator gets an at-risk alert (it goes with their choice of offers). */
  mailWhyAtRisk: string;
  mailStop: string;
  /** An e-mail's first line: "{name}" is the person's name as they gave it. */
  mailGreeting: string;
  /** The words of an HTML e-mail's links (its plain-text part writes the address out). */
  mailOpenLink: string;
  mailOpenConsoleLink: string;
  mailStopLink: string;
};

/** The client catalog's entries for these texts (`notification.<kind>`). */
export function notificationEntries(texts: NotificationTexts): {
  [K in NotificationKind as `notification.${K}`]: string;
} {
  return Object.fromEntries(
    Object.entries(texts).map(([kind, text]) => [`notification.${kind}`, text]),
  ) as { [K in NotificationKind as `notification.${K}`]: string };
}
