import type { Notification } from '@almquest/contracts/notifications';
import { personName } from '../../../lib/person-name';
import { useI18n } from '../../../i18n/i18n';
import type { I18n } from '../../../i18n/i18n';
import { Avatar } from '../../../components/ui/avatar';

/**
 * "12 meals", or for a part of a split donation "60 meals of your 200-meal donation" (the whole
 * donation, as about all of it, is just "200 meals").
 */
export function describeMeals(about: NonNullable<Notification['about']>, t: I18n['t']): string {
  return about.donation && about.donation.quantity !== about.quantity
    ? t('common.mealsOfDonation', { count: about.quantity, total: about.donation.quantity })
    : t('common.meals', { count: about.quantity });
}

/** Within this of the notification, the donation's own time would say the same moment again. */
const SAME_MOMENT_MS = 60 * 60_000;

/**
 * "12 meals · Connaught Place, Central Delhi · 22 Nov 2026, 3:45 pm": which package it is. Said
 * beside a notification of `shownAt`, the donation's time is left out when it is within the hour
 * of it (the row shows that time already).
 */
export function describePackage(
  about: NonNullable<Notification['about']>,
  { t, formatDateTime }: Pick<I18n, 't' | 'formatDateTime'>,
  shownAt?: string,
): string {
  const place = about.address.split(',').slice(0, 2).join(',').trim();
  const isSameMoment =
    shownAt !== undefined &&
    Math.abs(Date.parse(shownAt) - Date.parse(about.donatedAt)) < SAME_MOMENT_MS;
  const what = `${describeMeals(about, t)}\u00a0· ${place}`;
  return isSameMoment ? what : `${what}\u00a0· ${formatDateTime(about.donatedAt)}`;
}

/**
 * Where a notification leads: its package, for a split donation's pairing (one notification for
 * all its parts) the donation's page, and for a coordinator's at-risk alert the console.
 */
export function notificationLink(n: Notification): string | null {
  if (n.kind === 'atRisk') return '/coordinator';
  if ((n.kind === 'splitDonor' || n.kind === 'pairedDonor') && n.about?.donation) {
    return `/donations/${n.about.donation.id}`;
  }
  return n.packageId ? `/transaction/${n.packageId}` : null;
}

/**
 * One notification's contents: the other side's picture (or initials), the message, which
 * package it is about, and when. The caller wraps it in a link and places the time.
 */
export function NotificationRow({
  notification: n,
  time,
}: {
  notification: Notification;
  time: React.ReactNode;
}) {
  const i18n = useI18n();
  const named = n.about?.counterpartName ?? null;
  const counterpart = named === null ? null : personName(named, i18n.t);
  return (
    <>
      <Avatar name={counterpart ?? 'AlmQuest'} picture={n.photo} size={36} />
      <span className="min-w-0 flex-1">
        <span className="block">{i18n.t(`notification.${n.kind}`)}</span>
        {n.about && (
          <span className="block text-sm text-gray-700 dark:text-gray-300">
            {counterpart ? `${counterpart}\u00a0· ` : ''}
            {describePackage(n.about, i18n, n.timestamp)}
          </span>
        )}
      </span>
      {time}
    </>
  );
}
