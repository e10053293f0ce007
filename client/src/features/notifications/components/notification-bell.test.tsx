import type { NotificationList } from '@almquest/contracts/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notificationsQueryKey } from '../api/get-notifications';
import { shortRelativeTime } from '../../../i18n/dates';
import { fakeApi } from '../../../test/fake-api';
import {
  buildNotification,
  buildPackage,
  buildSessionUser,
  notificationId,
} from '../../../test/data';
import { renderApp } from '../../../test/render';

const user = buildSessionUser({ email: 'meera@example.org' });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const list: NotificationList = {
  unseen_count: 1,
  nextCursor: null,
  notifs: [
    {
      id: notificationId(7),
      packageId: 'p-2',
      photo: null,
      state: 'Received',
      user_type: 'Donor',
      kind: 'received',
      message: 'Yaay! Your package has been received by the distributor!',
      about: {
        quantity: 12,
        address: 'Connaught Place, Central Delhi, Delhi 110001',
        donatedAt: minutesAgo(90),
        counterpartName: 'Ravi Distributor',
        donation: null,
      },
      timestamp: minutesAgo(5),
      isSeen: false,
    },
    {
      id: notificationId(3),
      packageId: 'p-1',
      photo: null,
      state: 'Paired',
      user_type: 'Donor',
      kind: 'pairedDonor',
      message: 'Hurray! We have found a distributor for your package!',
      // A split donation's one pairing notification: it leads to the donation's page.
      about: {
        quantity: 60,
        address: 'Sitabuldi, Nagpur, Maharashtra',
        donatedAt: minutesAgo(60 * 27),
        counterpartName: 'Asha Split',
        donation: { id: 'g-1', quantity: 200 },
      },
      timestamp: minutesAgo(60 * 26),
      isSeen: true,
    },
  ],
};

function renderWithBell(data: NotificationList) {
  const app = renderApp('/', { user });
  app.queryClient.setQueryData(notificationsQueryKey(user.id), data);
  return app;
}

describe('notification bell', () => {
  it('shows a different icon while something is unseen, and the list newest first', async () => {
    const fake = fakeApi({
      [`POST /donor/${user.id}/notifSeen`]: () => ({ status: 200, data: { unseen_count: 0 } }),
    });
    const actor = userEvent.setup();
    renderWithBell(list);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unseen' });
    expect(bell).toHaveAttribute('data-unseen', 'true');
    await actor.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('received by the distributor'),
      expect.stringContaining('found a distributor'),
    ]);
    expect(items[0]).toHaveAttribute('data-unseen', 'true');
    expect(items[1]).toHaveAttribute('data-unseen', 'false');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/transaction/p-2');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/donations/g-1');
    expect(items[1]).toHaveTextContent('60 meals of your 200-meal donation · Sitabuldi, Nagpur');
    expect(within(items[0]!).getByText('5m')).toBeInTheDocument();
    // Which package, and who: rows can be told apart.
    expect(items[0]).toHaveTextContent(
      'Ravi Distributor · 12 meals · Connaught Place, Central Delhi',
    );
    expect(within(items[0]!).getByText('RD')).toBeInTheDocument();
    expect(within(items[1]!).getByText('1d')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    // Opening marked them seen: the server was told, and the bell has no unseen count any more.
    expect(fake.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', url: `/donor/${user.id}/notifSeen` }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveAttribute(
      'data-unseen',
      'false',
    );
    // What was unseen stays highlighted while the panel is open.
    expect(items[0]).toHaveAttribute('data-unseen', 'true');
  });

  it('does not call the server when nothing is unseen, and closes on click-away and Escape', async () => {
    const fake = fakeApi({});
    const actor = userEvent.setup();
    renderWithBell({
      ...list,
      unseen_count: 0,
      notifs: list.notifs.map((n) => ({ ...n, isSeen: true })),
    });
    await actor.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(fake.calls.filter((c) => c.url.endsWith('notifSeen'))).toEqual([]);
    await actor.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Notifications' }));
    await actor.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('is not there for an unregistered user', () => {
    renderApp('/', { user: { ...user, isRegistered: false, userType: null } });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });
});

describe('shortRelativeTime', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  it.each([
    [30, 'now'],
    [90, '1m'],
    [59 * 60, '59m'],
    [2 * 3600, '2h'],
    [3 * 86400, '3d'],
    [8 * 86400, '1w'],
    [400 * 86400, '1y'],
  ])('%s seconds ago is %s', (seconds, expected) => {
    expect(shortRelativeTime('en', ago(seconds), now, 'now')).toBe(expected);
  });
});

describe('an offer in the bell', () => {
  it('can be accepted right there, and the package page opens', async () => {
    const distributor = buildSessionUser({ email: 'ravi@example.org', userType: 'distributor' });
    const offered = buildPackage('Paired');
    const fake = fakeApi({
      [`POST /distributor/${distributor.id}/notifSeen`]: () => ({
        status: 200,
        data: { unseen_count: 0 },
      }),
      [`POST /package/${offered._id}/accept`]: () => ({ status: 200, data: { package: offered } }),
      [`GET /package/${offered._id}`]: () => ({ status: 200, data: { package: offered } }),
    });
    const app = renderApp('/', { user: distributor });
    app.queryClient.setQueryData(notificationsQueryKey(distributor.id), {
      unseen_count: 1,
      nextCursor: null,
      notifs: [
        {
          ...buildNotification(9),
          packageId: offered._id,
          state: 'Offered',
          kind: 'offered',
          message: 'A donor near you has food for you. Will you pick it up?',
        },
      ],
    } satisfies NotificationList);
    await userEvent.click(await screen.findByRole('button', { name: /Notifications, 1 unseen/ }));
    const answer = await screen.findByRole('group', { name: 'A donor has food for you' });
    await userEvent.click(within(answer).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Package accepted!')).toBeInTheDocument();
    expect(fake.calls).toContainEqual({
      method: 'POST',
      url: `/package/${offered._id}/accept`,
      data: {},
    });
    // The page opens once the answer is in (after the toast, on a busy machine a moment later).
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/transaction/${offered._id}`),
    );
  });

  it('is not offered for an answer once something newer was said about its package', async () => {
    const distributor = buildSessionUser({ email: 'ravi@example.org', userType: 'distributor' });
    fakeApi({
      [`POST /distributor/${distributor.id}/notifSeen`]: () => ({
        status: 200,
        data: { unseen_count: 0 },
      }),
    });
    const app = renderApp('/', { user: distributor });
    app.queryClient.setQueryData(notificationsQueryKey(distributor.id), {
      unseen_count: 2,
      nextCursor: null,
      notifs: [
        {
          ...buildNotification(11),
          packageId: 'p-9',
          state: 'Not Paired',
          kind: 'offerLapsed',
          message: 'You did not answer in time, so the package was offered to someone else.',
        },
        {
          ...buildNotification(10),
          packageId: 'p-9',
          state: 'Offered',
          kind: 'offered',
          message: 'A donor near you has food for you. Will you pick it up?',
        },
      ],
    } satisfies NotificationList);
    await userEvent.click(await screen.findByRole('button', { name: /Notifications, 2 unseen/ }));
    expect(await screen.findByText(/did not answer in time/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'A donor has food for you' })).toBeNull();
  });
});

describe('meals of a split donation', () => {
  it('says "300 meals" when the notice is about the whole donation, not "300 of your 300"', async () => {
    const { describeMeals } = await import('./notification-row');
    const t = ((key: string, p: { count: number; total?: number }) =>
      key === 'common.meals'
        ? `${p.count} meals`
        : `${p.count} meals of your ${p.total}-meal donation`) as never;
    const about = {
      quantity: 300,
      address: 'Salt Lake',
      donatedAt: '2026-11-27T10:00:00Z',
      counterpartName: null,
      donation: { id: 'g-1', quantity: 300 },
    };
    expect(describeMeals(about, t)).toBe('300 meals');
    expect(describeMeals({ ...about, quantity: 60 }, t)).toBe('60 meals of your 300-meal donation');
  });
});
