import type { Notification } from '@almquest/contracts/notifications';
import { formatDateTime } from '../../../lib/format';
import { meals } from '../../packages/meals';
import { Avatar } from '../../../components/ui/avatar';

/** "12 meals · Connaught Place, Central Delhi · 22 Nov 2026, 3:45 pm": which package it is. */
export function describePackage(about: NonNullable<Notification['about']>): string {
  const place = about.address.split(',').slice(0, 2).join(',').trim();
  return `${meals(about.quantity)} · ${place} · ${formatDateTime(about.donatedAt)}`;
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
  const counterpart = n.about?.counterpartName ?? null;
  return (
    <>
      <Avatar name={counterpart ?? 'AlmQuest'} picture={n.photo} size={36} />
      <span className="min-w-0 flex-1">
        <span className="block">{n.message}</span>
        {n.about && (
          <span className="block text-sm text-gray-700 dark:text-gray-300">
            {counterpart ? `${counterpart} · ` : ''}
            {describePackage(n.about)}
          </span>
        )}
      </span>
      {time}
    </>
  );
}
