import type { SessionUser } from '@almquest/contracts/session';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useDropdown } from '../../../lib/use-dropdown';
import { NotificationRow, notificationLink } from './notification-row';
import { useBellNotifications } from '../api/get-notifications';
import { useMarkAllSeen } from '../api/mark-all-seen';
import { OfferQuickAnswer } from './offer-quick-answer';
import { useI18n } from '../../../i18n/i18n';
import { PushDeviceToggle } from './push-device-toggle';

/**
 * SPEC bell: a different icon while something is unseen; the list is newest first, unseen items
 * highlighted, at most 70% of the viewport tall; it closes on click-away or a page change, and
 * opening it marks everything seen.
 */
export function NotificationBell({ user }: { user: SessionUser }) {
  const { isOpen, setIsOpen, container } = useDropdown();
  const [highlighted, setHighlighted] = useState<Set<string>>(new Set());
  const panelId = useId();
  const notifications = useBellNotifications(user);
  const markAllSeen = useMarkAllSeen(user);
  const { t, relativeTime, formatNumber } = useI18n();
  const unseen = notifications.data?.unseen_count ?? 0;

  const toggle = () => {
    if (!isOpen && unseen > 0) {
      setHighlighted(new Set(notifications.data?.notifs.filter((n) => !n.isSeen).map((n) => n.id)));
      markAllSeen.mutate();
    }
    setIsOpen((open) => !open);
  };

  const list = notifications.data?.notifs ?? [];
  // An offer can be answered from here only while nothing newer was said about its package
  // (lapsed, cancelled, expired, or answered): the list is newest first.
  const answerable = new Set<string>();
  const seenPackages = new Set<string>();
  for (const n of list) {
    if (!n.packageId) continue;
    if (n.kind === 'offered' && !seenPackages.has(n.packageId)) answerable.add(n.id);
    seenPackages.add(n.packageId);
  }
  return (
    <div ref={container} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-unseen={unseen > 0}
        className="relative rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <span className="sr-only">
          {unseen > 0 ? t('notifications.unseen', { count: unseen }) : t('notifications.title')}
        </span>
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill={unseen > 0 ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {unseen > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold text-white"
          >
            {unseen > 9 ? `${formatNumber(9)}+` : formatNumber(unseen)}
          </span>
        )}
      </button>
      {isOpen && (
        <div
          id={panelId}
          role="region"
          data-popup
          aria-label={t('notifications.title')}
          className="fixed inset-x-2 top-14 z-50 flex max-h-[70vh] flex-col rounded-xl border border-gray-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-96 dark:border-gray-700 dark:bg-gray-900"
        >
          <h2 className="border-b border-gray-100 px-4 py-2 font-bold dark:border-gray-800">
            {t('notifications.title')}
          </h2>
          <ul className="flex-1 overflow-y-auto">
            {notifications.isPending && (
              <li className="px-4 py-3 text-sm">{t('common.loading')}</li>
            )}
            {!notifications.isPending && list.length === 0 && (
              <li className="px-4 py-3 text-sm">{t('notifications.empty')}</li>
            )}
            {list.map((n) => {
              const isHighlighted = highlighted.has(n.id) || !n.isSeen;
              const body = (
                <span className="flex w-full items-start gap-3 text-sm">
                  <NotificationRow
                    notification={n}
                    time={
                      <time
                        dateTime={n.timestamp}
                        className="shrink-0 text-xs text-gray-600 dark:text-gray-400"
                      >
                        {relativeTime(n.timestamp)}
                      </time>
                    }
                  />
                </span>
              );
              return (
                <li
                  key={n.id}
                  data-unseen={isHighlighted}
                  className={isHighlighted ? 'bg-brand-50 dark:bg-brand-900/40' : ''}
                >
                  {notificationLink(n) ? (
                    <Link
                      to={notificationLink(n)!}
                      className="flex items-center gap-3 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-800"
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className="flex items-center gap-3 px-4 py-3">{body}</div>
                  )}
                  {answerable.has(n.id) && n.packageId && (
                    <div className="px-4 pb-3 pl-16">
                      <OfferQuickAnswer packageId={n.packageId} onDone={() => setIsOpen(false)} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <PushDeviceToggle compact />
          <Link
            to="/notifications"
            className="border-t border-gray-100 px-4 py-2 text-center text-sm font-semibold text-brand-700 hover:underline dark:border-gray-800 dark:text-brand-200"
          >
            {t('notifications.seeAll')}
          </Link>
        </div>
      )}
    </div>
  );
}
