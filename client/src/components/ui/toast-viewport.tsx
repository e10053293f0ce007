import { useEffect, useRef } from 'react';
import { useShownAlerts } from '../../lib/alerts';
import { optionalPart } from '../optional-part';

const loadList = () => import('./toast-list');
const ToastList = optionalPart(loadList);

/**
 * The stack of toast alerts: at the bottom, full width on phones and at the right from a tablet
 * up. The top belongs to the navigation bar, its bell and account menu, and the page's heading,
 * which on a tablet runs the width of the screen: a toast there covered them. While a menu, a
 * popup or a dialog is open the stack steps aside (index.css).
 *
 * The stack (a live region, there from the start so screen readers hear what is added) is on
 * the first page; the toasts' code is not. It is fetched as soon as the stack is on screen, so
 * the first toast does not wait for it (and offline, it is there).
 */
export function ToastViewport() {
  const alerts = useShownAlerts();
  const stack = useRef<HTMLDivElement>(null);
  useEffect(() => void loadList().catch(() => undefined), []);
  return (
    <div
      ref={stack}
      aria-live="polite"
      data-toast-viewport
      className="pointer-events-none fixed right-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] left-3 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
    >
      {alerts.length > 0 && <ToastList alerts={alerts} stack={stack} />}
    </div>
  );
}
