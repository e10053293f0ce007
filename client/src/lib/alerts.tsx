import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { I18n } from '../i18n/i18n';
import { ALERT_BRIEF_MS, ALERT_SLIDE_MS, ALERT_VISIBLE_MS } from './timings';

export type AlertType = 'success' | 'warning' | 'info' | 'error' | 'notif';

export type AlertInput = {
  type: AlertType;
  title: string;
  msg: string;
  /**
   * The same words, said again in the language on screen whenever the toast is drawn: an alert
   * raised just before the language changes (the account's language, taken at sign-in) follows
   * it. Without it the toast keeps `title` and `msg`.
   */
  say?: (t: I18n['t']) => { title: string; msg: string };
  /** Picture shown with the alert. */
  img?: string;
  /** Where the alert leads when clicked (an app path). */
  link?: string;
  /** Controls shown under the message (buttons that answer it right there). */
  actions?: ReactNode;
  /** A name for what this alert is about, so a later alert can replace it. */
  group?: string;
  /** Dismisses the shown alerts of this group: this one says what became of them. */
  replaces?: string;
  /** Not shown while an alert of this group is: that one already says it, in other words. */
  unlessShown?: string;
  /** A greeting that asks nothing: shown for ALERT_BRIEF_MS, not ALERT_VISIBLE_MS. */
  isBrief?: boolean;
};

/**
 * The group of the toast that says what became of a donation as it was made (paired, waiting,
 * split): the live notification of that same news gives way to it, or is replaced by it if it
 * came first. Later news (an acceptance) is another kind, and shown.
 */
export const donatedGroup = (id: string, kind: 'pairedDonor' | 'notPaired' | 'splitDonor') =>
  `donated:${kind}:${id}`;

export type ShownAlert = AlertInput & { id: number; isLeaving: boolean };

type AlertsApi = { showAlert: (alert: AlertInput) => void; dismissAlert: (id: number) => void };

const AlertsContext = createContext<AlertsApi | null>(null);
const AlertListContext = createContext<ShownAlert[]>([]);

const MAX_VISIBLE = 3;
/** How often the stack is looked at: whether something covers it. */
const COVERED_POLL_MS = 500;

/** Whether the toasts have stepped aside for something open (the same test as index.css's). */
function isStackCovered(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector(
      "[role='listbox']:not(.hidden), [role='menu'], [role='dialog'], [data-popup]",
    ) !== null
  );
}

/** Holds the toast alerts: each slides out after ALERT_VISIBLE_MS and is gone ALERT_SLIDE_MS later. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  // The list as of now (state lags a render): showing an alert decides from it.
  const current = useRef<ShownAlert[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const change = useCallback((next: (list: ShownAlert[]) => ShownAlert[]) => {
    current.current = next(current.current);
    setAlerts(current.current);
  }, []);

  const dismissAlert = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      change((list) => list.map((a) => (a.id === id ? { ...a, isLeaving: true } : a)));
      setTimeout(() => change((list) => list.filter((a) => a.id !== id)), ALERT_SLIDE_MS);
    },
    [change],
  );

  const showAlert = useCallback(
    (alert: AlertInput) => {
      if (
        alert.unlessShown &&
        current.current.some((a) => !a.isLeaving && a.group === alert.unlessShown)
      ) {
        return;
      }
      // The same alert again (a second wrong code, a retry) is one toast shown for longer, not a
      // stack of copies over the page.
      // Same words about another package (two packages of 14 meals received) are two pieces of
      // news: each toast links to its own.
      const same = current.current.find(
        (a) =>
          !a.isLeaving &&
          a.type === alert.type &&
          a.title === alert.title &&
          a.msg === alert.msg &&
          a.link === alert.link,
      );
      const id = same?.id ?? nextId.current++;
      clearTimeout(timers.current.get(id));
      // Its time on screen counts only while it can be seen: while a menu, a popup or a dialog is
      // open the stack steps aside (index.css), and a toast that ran out then was never seen.
      // Looked at every half second: covered, its time starts again, whole.
      const visibleMs = alert.isBrief ? ALERT_BRIEF_MS : ALERT_VISIBLE_MS;
      let remaining = visibleMs;
      const tick = () =>
        timers.current.set(
          id,
          setTimeout(() => {
            remaining = isStackCovered() ? visibleMs : remaining - COVERED_POLL_MS;
            if (remaining <= 0) dismissAlert(id);
            else tick();
          }, COVERED_POLL_MS),
        );
      tick();
      for (const old of current.current) {
        if (alert.replaces && old.group === alert.replaces && !old.isLeaving) dismissAlert(old.id);
      }
      if (!same) {
        change((list) => [...list.slice(-(MAX_VISIBLE - 1)), { ...alert, id, isLeaving: false }]);
      }
    },
    [change, dismissAlert],
  );

  const api = useMemo(() => ({ showAlert, dismissAlert }), [showAlert, dismissAlert]);
  return (
    <AlertsContext.Provider value={api}>
      <AlertListContext.Provider value={alerts}>{children}</AlertListContext.Provider>
    </AlertsContext.Provider>
  );
}

/** `showAlert({ type, title, msg })` from anywhere below AlertsProvider. */
export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts must be used inside AlertsProvider');
  return api;
}

export function useShownAlerts(): ShownAlert[] {
  return useContext(AlertListContext);
}
