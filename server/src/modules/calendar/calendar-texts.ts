import { dateAndTime } from '@almquest/contracts/clock';
import type { Locale } from '@almquest/contracts/locales';
import { STANDING_TIME_ZONE } from '@almquest/contracts/standing';

/** What a calendar event says, in the person's language (their calendar app shows it as is). */
export type CalendarTexts = {
  name: string;
  handOver: (meals: number) => string;
  pickUp: (meals: number) => string;
  with: (name: string) => string;
  waiting: string;
  useBy: (at: Date, locale: Locale) => string;
  standingDay: string;
};

const useByIn = (word: string) => (at: Date, locale: Locale) =>
  `${word}: ${dateAndTime(locale, at, STANDING_TIME_ZONE)}`;

const TEXTS: Record<Locale, CalendarTexts> = {
  en: {
    name: 'AlmQuest',
    handOver: (n) => `AlmQuest: hand over ${n} ${n === 1 ? 'meal' : 'meals'}`,
    pickUp: (n) => `AlmQuest: pick up ${n} ${n === 1 ? 'meal' : 'meals'}`,
    with: (name) => `With ${name}`,
    waiting: 'Waiting for a distributor',
    useBy: useByIn('Eat or give out by'),
    standingDay: 'A day of your standing donation',
  },
  hi: {
    name: 'AlmQuest',
    handOver: (n) => `AlmQuest: ${n} भोजन सौंपें`,
    pickUp: (n) => `AlmQuest: ${n} भोजन ले जाएँ`,
    with: (name) => `${name} के साथ`,
    waiting: 'वितरक का इंतज़ार है',
    useBy: useByIn('कब तक खाना या बाँटना है'),
    standingDay: 'आपके नियमित दान का एक दिन',
  },
  bn: {
    name: 'AlmQuest',
    handOver: (n) => `AlmQuest: ${n}টি খাবার হাতে দিন`,
    pickUp: (n) => `AlmQuest: ${n}টি খাবার নিয়ে যান`,
    with: (name) => `${name}-এর সঙ্গে`,
    waiting: 'বিতরণকারীর অপেক্ষায়',
    useBy: useByIn('কখন পর্যন্ত খাওয়া বা বিলি করা যাবে'),
    standingDay: 'আপনার নিয়মিত দানের একটি দিন',
  },
};

export function calendarTexts(locale: Locale): CalendarTexts {
  return TEXTS[locale];
}
