import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { type AlertType, type ShownAlert, useAlerts } from '../../lib/alerts';

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
  const words = alert.say ? alert.say(t) : alert;
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
        <p className="font-semibold">{words.title}</p>
        <p className="text-sm">{words.msg}</p>
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
 * What the person just used (the focused button or field) is never under the stack: on a phone
 * the stack spans the bottom, where a button scrolled into view sits. While toasts show, the page
 * gets room below its end as tall as the stack, and is scrolled so the focused element stands
 * above the stack.
 */
function useKeepFocusClear(stack: RefObject<HTMLDivElement | null>, count: number) {
  useLayoutEffect(() => {
    // Shown only while there are toasts; the room goes when the last one does (below).
    const body = document.body;
    if (!stack.current) return;
    const top = stack.current.getBoundingClientRect().top;
    body.style.paddingBottom = `${Math.ceil(window.innerHeight - top)}px`;
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === body) return;
    const rect = focused.getBoundingClientRect();
    if (rect.height > 0 && rect.bottom > top - 8 && rect.top < window.innerHeight) {
      window.scrollBy({ top: rect.bottom - top + 8, behavior: 'instant' });
    }
  }, [stack, count]);
  useEffect(
    () => () => {
      document.body.style.removeProperty('padding-bottom');
    },
    [],
  );
}

/** The toasts themselves, in the stack ToastViewport keeps on every page. */
export default function ToastList({
  alerts,
  stack,
}: {
  alerts: ShownAlert[];
  stack: RefObject<HTMLDivElement | null>;
}) {
  useKeepFocusClear(stack, alerts.length);
  return alerts.map((alert) => <Toast key={alert.id} alert={alert} />);
}
