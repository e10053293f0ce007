import type { NotificationList } from '@almquest/contracts/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import {
  buildNotification as notification,
  buildSessionUser,
  notificationId,
} from '../../test/data';
import { renderApp } from '../../test/render';

const user = buildSessionUser({ userType: 'distributor', name: 'Arjun Distributor' });

describe('notifications page', () => {
  it('shows the newest first, then older ones a page at a time until there are no more', async () => {
    const server = fakeApi({
      [`GET /distributor/${user.id}/getNotifs`]: ({ query }): { status: number; data: unknown } => {
        const page: NotificationList =
          query.get('cursor') === notificationId(8)
            ? { unseen_count: 0, nextCursor: null, notifs: [notification(7), notification(6)] }
            : {
                unseen_count: 0,
                nextCursor: notificationId(8),
                notifs: [notification(9), notification(8)],
              };
        return { status: 200, data: page };
      },
    });
    const actor = userEvent.setup();
    renderApp('/notifications', { user });
    const main = within(screen.getByRole('main'));
    // Each test notification is about a package of `id` meals: "9 meals · Karol Bagh …".
    expect(await main.findByText(/ 9 meals ·/)).toBeInTheDocument();
    expect(main.queryByText(/ 7 meals ·/)).not.toBeInTheDocument();
    expect(main.getByText(/ 9 meals ·/).closest('a')).toHaveAttribute(
      'href',
      '/transaction/package-9',
    );
    expect(main.getAllByText('Hurray! We have assigned you to a donor!')).toHaveLength(2);

    await actor.click(main.getByRole('button', { name: 'Show older notifications' }));
    expect(await main.findByText(/ 6 meals ·/)).toBeInTheDocument();
    const order = main
      .getAllByText(/ \d meals\s·/)
      .map((el) => el.textContent?.match(/\s(\d) meals/)?.[1]);
    expect(order).toEqual(['9', '8', '7', '6']);
    expect(main.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
    expect(
      server.calls.filter((c) => c.url === `/distributor/${user.id}/getNotifs`).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('says the time once when the package was donated within the hour of the notification', async () => {
    const soon = notification(5, {
      timestamp: new Date(Date.UTC(2026, 10, 1, 9, 7)).toISOString(),
    });
    const later = notification(4);
    fakeApi({
      [`GET /distributor/${user.id}/getNotifs`]: () => ({
        status: 200,
        data: { unseen_count: 0, nextCursor: null, notifs: [soon, later] },
      }),
    });
    renderApp('/notifications', { user });
    const main = within(screen.getByRole('main'));
    // Donated at 9:05, told at 9:07: only the notification's time.
    const first = (await main.findByText(/ 5 meals ·/)).closest('a')!;
    expect(first.textContent!.match(/1 Nov 2026/g)).toHaveLength(1);
    expect(within(first).getByText(/ 5 meals ·/).textContent).toMatch(/Karol Bagh[^·]*$/);
    // An hour apart: the donation's own time is said too, beside the notification's.
    const second = main.getByText(/ 4 meals ·/);
    expect(second.textContent).toMatch(/\u00a0· 1 Nov 2026, \d+:\d\d\s?[ap]m$/i);
  });
});
