import type { NotificationList } from '@almquest/contracts/notifications';
import type { PublicConfig } from '@almquest/contracts/system';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n';
import { AlertsProvider } from '../../../lib/alerts';
import { createQueryClient } from '../../../lib/query-client';
import { buildNotification, buildSessionUser, notificationId } from '../../../test/data';
import { publicConfigQueryKey } from '../../system/api/get-public-config';
import { notificationsQueryKey } from '../api/get-notifications';
import { useLiveEvents } from './use-live-events';

/** The EventSources the page opened, by URL (the browser's own is not in jsdom). */
const opened: string[] = [];
class RecordingEventSource {
  static readonly CLOSED = 2;
  readyState = 0;
  constructor(readonly url: string) {
    opened.push(url);
  }
  addEventListener() {}
  removeEventListener() {}
  close() {}
}

afterEach(() => {
  opened.length = 0;
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

function render(list: NotificationList | null) {
  (globalThis as { EventSource?: unknown }).EventSource = RecordingEventSource;
  const user = buildSessionUser();
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
  renderHook(() => useLiveEvents(user), { wrapper });
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
});
