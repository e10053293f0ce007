import type { NotificationList } from '@almquest/contracts/notifications';
import type { PublicConfig } from '@almquest/contracts/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider, useShownAlerts } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import type { SessionUser } from '@almquest/contracts/session';
import { coordinatorQueryRoot } from '../../../api/coordinator-root';
import {
  buildNewcomer,
  buildNotification,
  buildSessionUser,
  notificationId,
} from '../../../test/data';
import { publicConfigQueryKey } from '../../../lib/public-config';
import { notificationsQueryKey } from '../api/get-notifications';
import { reopenDelayMs, useLiveEvents } from './use-live-events';

/** The EventSources the page opened, by URL (the browser's own is not in jsdom). */
const opened: string[] = [];
/** The listeners of the last one opened, to send it events as the server would. */
let listeners: Record<string, (message: MessageEvent<string>) => void> = {};
class RecordingEventSource {
  static readonly CLOSED = 2;
  readyState = 0;
  constructor(readonly url: string) {
    opened.push(url);
    listeners = {};
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    listeners[type] = listener;
  }
  removeEventListener() {}
  close() {}
}

afterEach(() => {
  opened.length = 0;
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

function render(list: NotificationList | null, user: SessionUser = buildSessionUser()) {
  (globalThis as { EventSource?: unknown }).EventSource = RecordingEventSource;
  const queryClient = createQueryClient();
  queryClient.setQueryData(publicConfigQueryKey, {
    realtime: { transport: 'sse' },
  } as PublicConfig);
  if (list) queryClient.setQueryData(notificationsQueryKey(user.id), list);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <AlertsProvider>{children}</AlertsProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
  lastQueryClient = queryClient;
  return renderHook(
    () => {
      useLiveEvents(user);
      return useShownAlerts();
    },
    { wrapper },
  ).result;
}
/** The query cache of the page last rendered. */
let lastQueryClient = createQueryClient();

/** The server sends one notification on the stream. */
function receive(id: number, overrides: Parameters<typeof buildNotification>[1] = {}) {
  const notification = buildNotification(id, overrides);
  const event = {
    message: notification.message,
    photo: null,
    pid: notification.packageId,
    state: notification.state,
    timestamp: notification.timestamp,
    notification,
  };
  act(() =>
    listeners.notification?.(new MessageEvent('notification', { data: JSON.stringify(event) })),
  );
}

describe('live events', () => {
  it('start after the newest notification the page has, so nothing between is lost', () => {
    render({
      unseen_count: 0,
      nextCursor: null,
      notifs: [buildNotification(9), buildNotification(8)],
    });
    expect(opened).toEqual([`/api/events?lastEventId=${notificationId(9)}`]);
  });

  it('start at the server’s newest when the page has none yet', () => {
    render(null);
    expect(opened).toEqual(['/api/events']);
  });

  it('reach a coordinator who neither donates nor distributes: an alert leads to the console and refreshes it', () => {
    const coordinator = buildNewcomer({ isCoordinator: true });
    const shown = render(null, coordinator);
    expect(opened).toEqual(['/api/events']);
    const waiting = [...coordinatorQueryRoot, 'waiting', {}] as const;
    lastQueryClient.setQueryData(waiting, { packages: [] });
    receive(11, { kind: 'atRisk', user_type: 'Coordinator', state: 'Not Paired' });
    expect(shown.current).toEqual([
      expect.objectContaining({
        link: '/coordinator',
        msg: expect.stringContaining('A package is at risk'),
      }),
    ]);
    expect(lastQueryClient.getQueryState(waiting)?.isInvalidated).toBe(true);
  });

  it('title a distributor setting out as that, not as the package state again', () => {
    const shown = render({ unseen_count: 0, nextCursor: null, notifs: [] });
    receive(12, { kind: 'onWay', user_type: 'Donor', state: 'Paired' });
    receive(13, { kind: 'pairedDonor', user_type: 'Donor', state: 'Paired' });
    expect(shown.current.map((a) => a.title)).toEqual(['Distributor on the way', 'Package Paired']);
  });

  it('open no stream for someone signed in who is neither registered nor a coordinator', () => {
    render(null, buildNewcomer());
    expect(opened).toEqual([]);
  });

  it('toast what is new, never one the page already lists (a catch-up may send it again)', () => {
    const shown = render({ unseen_count: 0, nextCursor: null, notifs: [buildNotification(9)] });
    receive(9);
    expect(shown.current).toEqual([]);
    receive(10);
    expect(shown.current.map((a) => a.msg)).toEqual([expect.stringContaining('10 meals')]);
  });

  it('open a refused stream again later each time, spread out, never past a minute and a half', () => {
    expect(reopenDelayMs(0, 0.5)).toBe(5_000);
    expect(reopenDelayMs(1, 0.5)).toBe(10_000);
    expect(reopenDelayMs(3, 0.5)).toBe(40_000);
    expect(reopenDelayMs(10, 0.5)).toBe(60_000);
    expect(reopenDelayMs(0, 0)).toBe(2_500);
    expect(reopenDelayMs(10, 0.999)).toBeLessThan(90_000);
  });
});
