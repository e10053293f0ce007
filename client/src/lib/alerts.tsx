import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ALERT_SLIDE_MS, ALERT_VISIBLE_MS } from './timings';

export type AlertType = 'success' | 'warning' | 'info' | 'error' | 'notif';

export type AlertInput = {
  type: AlertType;
  title: string;
  msg: string;
  /** Picture shown with the alert. */
  img?: string;
  /** Where the alert leads when clicked (an app path). */
  link?: string;
  /** Controls shown under the message (buttons that answer it right there). */
  actions?: ReactNode;
};

export type ShownAlert = AlertInput & { id: number; isLeaving: boolean };

type AlertsApi = { showAlert: (alert: AlertInput) => void; dismissAlert: (id: number) => void };

const AlertsContext = createContext<AlertsApi | null>(null);
const AlertListContext = createContext<ShownAlert[]>([]);

const MAX_VISIBLE = 3;

/** Holds the toast alerts: each slides out after ALERT_VISIBLE_MS and is gone ALERT_SLIDE_MS later. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const nextId = useRef(1);

  const dismissAlert = useCallback((id: number) => {
    setAlerts((list) => list.map((a) => (a.id === id ? { ...a, isLeaving: true } : a)));
    setTimeout(() => setAlerts((list) => list.filter((a) => a.id !== id)), ALERT_SLIDE_MS);
  }, []);

  const showAlert = useCallback(
    (alert: AlertInput) => {
      const id = nextId.current++;
      setAlerts((list) => [...list.slice(-(MAX_VISIBLE - 1)), { ...alert, id, isLeaving: false }]);
      setTimeout(() => dismissAlert(id), ALERT_VISIBLE_MS);
    },
    [dismissAlert],
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
