import type { SessionUser } from '@almquest/contracts/session';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { AlertsProvider } from '../lib/alerts';
import { createQueryClient } from '../lib/query-client';
import { sessionQueryKey } from '../lib/session';
import { ThemeProvider } from '../lib/theme';

/**
 * Renders the whole app at a route, the way a browser would, with the session already known
 * (so no request leaves the test).
 */
export function renderApp(path = '/', options: { user?: SessionUser | null } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryDefaults(sessionQueryKey, { staleTime: Infinity });
  queryClient.setQueryData(sessionQueryKey, options.user ?? null);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AlertsProvider>
          <RouterProvider router={router} />
        </AlertsProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
