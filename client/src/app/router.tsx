import { type ComponentType, lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import type * as SharedChunk from './pages/shared-chunk';
import { HomePage } from '../features/home/home-page';
import { withAppCatalog } from '../i18n/catalog-parts';
import { Layout } from './layout';
import { loadNotFound, loadRequireAccess } from './shell-routes';

// Signed-in pages load on demand, with the rest of English, so a visitor's first page stays small.
// So do the guard in front of them and the not-found page (shell-routes.ts).
const RequireAccess = lazy(loadRequireAccess);
const NotFoundPage = lazy(loadNotFound);
const ContactPage = lazy(() => withAppCatalog(import('../features/contact/contact-page')));
const RegisterPage = lazy(() => withAppCatalog(import('../features/register/register-page')));
const PrivacyPage = lazy(() => withAppCatalog(import('../features/privacy/privacy-page')));
const ProfilePage = lazy(() => withAppCatalog(import('./pages/profile-page')));
const PackagePages = lazy(() => withAppCatalog(import('./pages/package-pages')));
const StandingPage = lazy(() =>
  withAppCatalog(
    import('../features/standing/standing-page').then((m) => ({ default: m.StandingPage })),
  ),
);
const NotificationsPage = lazy(() => withAppCatalog(import('./pages/shared-chunk')));
// Pages kept in the notifications page's chunk (app/pages/shared-chunk.ts says why).
const inSharedChunk = (pick: (m: typeof SharedChunk) => ComponentType) =>
  lazy(() => withAppCatalog(import('./pages/shared-chunk').then((m) => ({ default: pick(m) }))));
const UnsubscribePage = inSharedChunk((m) => m.UnsubscribePage);
// A public page few visitors open: its texts are in the first catalog, its code is not.
const PersonaInfoPage = lazy(() =>
  import('../features/persona-info/persona-info-page').then((m) => ({
    default: m.PersonaInfoPage,
  })),
);
// The console (coordinators only) and the public impact page.
const CoordinatorPage = inSharedChunk((m) => m.CoordinatorPage);
const ImpactPage = inSharedChunk((m) => m.ImpactPage);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/personainfo', element: <PersonaInfoPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/impact', element: <ImpactPage /> },
      // SPEC section 2's guards: each group opens only for the people its rule allows. Keyed: from
      // one group to another is a new arrival, judged (and its alert shown) afresh.
      {
        element: <RequireAccess key="register" rule="register" />,
        children: [{ path: '/register', element: <RegisterPage /> }],
      },
      {
        element: <RequireAccess key="profile" rule="profile" />,
        children: [
          { path: '/profile', element: <ProfilePage /> },
          { path: '/notifications', element: <NotificationsPage /> },
          { path: '/standing', element: <StandingPage /> },
        ],
      },
      {
        element: <RequireAccess key="coordinator" rule="coordinator" />,
        children: [{ path: '/coordinator', element: <CoordinatorPage /> }],
      },
      {
        element: <RequireAccess key="package" rule="package" />,
        children: [
          { path: '/transaction/:packageId', element: <PackagePages /> },
          // A split donation, drawn by the package page's module.
          { path: '/donations/:groupId', element: <PackagePages /> },
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
