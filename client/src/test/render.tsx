import type { SessionUser } from '@almquest/contracts/session';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  useLocation,
  useNavigate,
} from 'react-router';
import { AppRoutes } from '../app/router';
import { I18nProvider } from '../i18n/i18n';
import { AlertsProvider } from '../lib/alerts';
import { createQueryClient } from '../lib/query-client';
import { sessionQueryKey } from '../lib/session/session';
import { ThemeProvider } from '../lib/theme';

/**
 * Renders the whole app at a route, the way a browser would, with the session already known
 * (so no request leaves the test).
 */
export function renderApp(path = '/', options: { user?: SessionUser | null } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryDefaults(sessionQueryKey, { staleTime: Infinity });
  queryClient.setQueryData(sessionQueryKey, options.user ?? null);
  let current: Location | null = null;
  let go: NavigateFunction | null = null;
  function LocationSpy() {
    current = useLocation();
    go = useNavigate();
    return null;
  }
  // Same shape as a data router's, so tests read router.state.location and follow a link in the
  // app with router.navigate.
  const router = {
    get state() {
      return { location: current! };
    },
    navigate: (to: string) => go!(to),
  };
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ThemeProvider>
          <AlertsProvider>
            <MemoryRouter initialEntries={[path]}>
              <AppRoutes />
              <LocationSpy />
            </MemoryRouter>
          </AlertsProvider>
        </ThemeProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
