/**
 * The code of two route parts the first page does not carry: the access guard in front of the
 * signed-in pages, and the not-found page. Fetched as soon as the app has started (Layout), so
 * they are there before anyone follows a link to them, offline too; and on demand, for a
 * first visit that opens with one.
 */
export const loadRequireAccess = () =>
  import('../components/require-access').then((m) => ({ default: m.RequireAccess }));
export const loadNotFound = () =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage }));

/** Fetches both now; a failure is left for the route to meet, and retry, when it is opened. */
export function prefetchShellRoutes(): void {
  for (const load of [loadRequireAccess, loadNotFound]) void load().catch(() => undefined);
}
