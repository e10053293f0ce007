import { type ComponentType, lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { RequireAccess } from '../features/auth/components/require-access';
import type * as SharedChunk from '../features/notifications/notifications-page';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PersonaInfoPage } from '../features/persona-info/persona-info-page';
import { withAppCatalog } from '../i18n/catalog-parts';
import { Layout } from './layout';

// Signed-in pages load on demand, with the rest of English, so a visitor's first page stays small.
const ContactPage = lazy(() => withAppCatalog(import('../features/contact/contact-page')));
const RegisterPage = lazy(() => withAppCatalog(import('../features/register/register-page')));
const ProfilePage = lazy(() => withAppCatalog(import('../features/profile/profile-page')));
const TransactionPage = lazy(() =>
  withAppCatalog(import('../features/transaction/transaction-page')),
);
const NotificationsPage = lazy(() =>
  withAppCatalog(import('../features/notifications/notifications-page')),
);
// Pages kept in the notifications page's chunk: a chunk of their own made the bundler split the
// first page's shared code into more files (3 KB more for the first page each time).
const inSharedChunk = (pick: (m: typeof SharedChunk) => ComponentType) =>
  lazy(() =>
    withAppCatalog(
      import('../features/notifications/notifications-page').then((m) => ({ default: pick(m) })),
    ),
  );
const UnsubscribePage = inSharedChunk((m) => m.UnsubscribePage);
// The console (coordinators only) and the public impact page.
const CoordinatorPage = inSharedChunk((m) => m.CoordinatorPage);
const ImpactPage = inSharedChunk((m) => m.ImpactPage);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/personainfo', element: <PersonaInfoPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/impact', element: <ImpactPage /> },
      // SPEC section 2's guards: each group opens only for the people its rule allows.
      {
        element: <RequireAccess rule="register" />,
        children: [{ path: '/register', element: <RegisterPage /> }],
      },
      {
        element: <RequireAccess rule="profile" />,
        children: [
          { path: '/profile', element: <ProfilePage /> },
          { path: '/notifications', element: <NotificationsPage /> },
        ],
      },
      {
        element: <RequireAccess rule="coordinator" />,
        children: [{ path: '/coordinator', element: <CoordinatorPage /> }],
      },
      {
        element: <RequireAccess rule="package" />,
        children: [
          { path: '/transaction/:transactionId', element: <TransactionPage /> },
          // A split donation, drawn by the package page's module.
          { path: '/donations/:groupId', element: <TransactionPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's pages. Declarative routing (no data router): the first page stays small. */
export function AppRoutes() {
  return useRoutes(routes);
}
