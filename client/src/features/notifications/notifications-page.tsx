import { Link } from 'react-router';
import { NotificationRow, notificationLink } from './components/notification-row';
import { Spinner } from '../../components/ui/spinner';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { StateBadge } from '../../components/state-badge';
import { useI18n } from '../../i18n/i18n';
import { site } from '../../content/site';
import { usePageTitle } from '../../lib/use-page-title';
import { useAllowedUser } from '../../components/require-access';
import { useAllNotifications } from './api/get-notifications';

/** "See all notifications": every notification, newest first, a page at a time. */
export default function NotificationsPage() {
  const user = useAllowedUser();
  const list = useAllNotifications(user);
  const { t, formatDateTime } = useI18n();
  usePageTitle(t('notifications.title'), site.brand);
  if (list.isPending) {
    return (
      <div
        className="flex justify-center py-24"
        role="status"
        aria-label={t('notifications.loading')}
      >
        <Spinner />
      </div>
    );
  }
  const items = list.data?.pages.flatMap((p) => p.notifs) ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('notifications.title')}</h1>
      {list.isError && (
        <p role="alert" className="mt-4">
          {t('notifications.failed')}
        </p>
      )}
      {items.length === 0 && !list.isError && (
        <p className="mt-4">{t('notifications.emptyPage')}</p>
      )}
      <ul className="mt-6 divide-y divide-gray-100 dark:divide-gray-800">
        {items.map((n) => (
          <li key={n.id}>
            <Link
              to={notificationLink(n) ?? '#'}
              // On a phone the state and time go under the message, which keeps the width.
              className="grid grid-cols-[36px_1fr] items-start gap-x-3 gap-y-1 py-3 hover:bg-gray-50 sm:grid-cols-[36px_1fr_auto] dark:hover:bg-gray-900"
            >
              <NotificationRow
                notification={n}
                time={
                  <span className="col-start-2 flex shrink-0 flex-wrap items-center gap-2 sm:col-start-auto sm:flex-col sm:items-end sm:gap-1">
                    <StateBadge state={n.state} />
                    <time
                      dateTime={n.timestamp}
                      className="text-xs text-gray-700 sm:text-right dark:text-gray-300"
                    >
                      {formatDateTime(n.timestamp)}
                    </time>
                  </span>
                }
              />
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreButton pages={list} label={t('notifications.more')} />
    </div>
  );
}
