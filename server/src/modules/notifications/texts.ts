import type { Locale } from '@almquest/contracts/locales';
import { bnDeliveryTexts, bnNotificationTexts } from '@almquest/contracts/notification-texts/bn';
import { enDeliveryTexts, enNotificationTexts } from '@almquest/contracts/notification-texts/en';
import { hiDeliveryTexts, hiNotificationTexts } from '@almquest/contracts/notification-texts/hi';
import type {
  DeliveryTexts,
  NotificationTexts,
} from '@almquest/contracts/notification-texts/kinds';

/**
 * The words AlmQuest says outside the app (push, e-mail, WhatsApp), per language, and how it
 * writes numbers in each.
 */
export const TEXTS: Record<
  Locale,
  { kinds: NotificationTexts; around: DeliveryTexts; tag: string }
> = {
  en: { kinds: enNotificationTexts, around: enDeliveryTexts, tag: 'en-IN' },
  // One digit system per language, as the app writes it: Hindi in the digits Hindi readers
  // meet on screens and receipts (0-9), Bengali in its own (০-৯). A Hindi e-mail once wrote १२
  // where the app wrote 12.
  hi: { kinds: hiNotificationTexts, around: hiDeliveryTexts, tag: 'hi-IN' },
  bn: { kinds: bnNotificationTexts, around: bnDeliveryTexts, tag: 'bn-IN-u-nu-beng' },
};

/** "12 meals" in the reader's language and digits. */
export function mealsIn(locale: Locale, quantity: number): string {
  const { around, tag } = TEXTS[locale];
  return around.meals(quantity, new Intl.NumberFormat(tag).format(quantity));
}

/** A text with its {name} places filled; a place with no value stays as written. */
export const fillIn = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
