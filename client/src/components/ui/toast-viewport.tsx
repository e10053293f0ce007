import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { type AlertType, type ShownAlert, useAlerts, useShownAlerts } from '../../lib/alerts';

const styles: Record<AlertType, string> = {
  success: 'border-green-600 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-50',
  warning: 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  info: 'border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50',
  error: 'border-red-600 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
  notif: 'border-brand-600 bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-50',
};

function Toast({ alert }: { alert: ShownAlert }) {
  const { dismissAlert } = useAlerts();
  const { t } = useI18n();
  const isUrgent = alert.type === 'error' || alert.type === 'warning';
  const body = (
    <>
      {alert.img && (
        <img
          src={alert.img}
          alt=""
          // A picture that cannot load (its host not allowed, or gone) is left out.
          onError={(e) => e.currentTarget.remove()}
          width={40}
          height={40}
          className="h-10 w-10 rounded-full object-cover"
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{alert.title}</p>
        <p className="text-sm">{alert.msg}</p>
      </div>
    </>
  );
  return (
    <div
      role={isUrgent ? 'alert' : 'status'}
      data-alert-type={alert.type}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg transition-all duration-500 motion-reduce:transition-none ${styles[alert.type]} ${
        alert.isLeaving
          ? 'translate-x-[120%] opacity-0'
          : 'animate-[toast-in_500ms_ease-out] motion-reduce:animate-none'
      }`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {alert.link ? (
          <Link
            to={alert.link}
            className="flex min-w-0 flex-1 items-start gap-3 underline-offset-2 hover:underline"
          >
            {body}
          </Link>
        ) : (
          <div className="flex min-w-0 flex-1 items-start gap-3">{body}</div>
        )}
        {alert.actions}
      </div>
      <button
        type="button"
        onClick={() => dismissAlert(alert.id)}
        className="-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
        aria-label={t('common.dismissAlert')}
      >
        ×
      </button>
    </div>
  );
}

/**
 * The stack of toast alerts: at the bottom, full width on phones and at the right from a tablet
 * up. The top belongs to the navigation bar, its bell and account menu, and the page's heading,
 * which on a tablet runs the width of the screen: a toast there covered them. While a menu, a
 * popup or a dialog is open the stack steps aside (index.css).
 */
export function ToastViewport() {
  const alerts = useShownAlerts();
  return (
    <div
      aria-live="polite"
      data-toast-viewport
      className="pointer-events-none fixed right-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] left-3 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
    >
      {alerts.map((alert) => (
        <Toast key={alert.id} alert={alert} />
      ))}
    </div>
  );
}
