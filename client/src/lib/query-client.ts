import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not fix themselves; retry only network and server failures.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: {
        // Sent at once, offline too, and failing there with "could not reach" in the form that
        // sent it: a change held back until the connection returns went out after its dialog
        // was closed (a donation the donor thought withdrawn reached a distributor).
        networkMode: 'always',
      },
    },
  });
}
