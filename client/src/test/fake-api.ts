import { afterEach } from 'vitest';
import { setTransport } from '../lib/api-client';

type Handler = (request: { body: unknown; query: URLSearchParams }) => {
  status: number;
  data: unknown;
};

/**
 * Component tests stop at the HTTP boundary: this answers the client's API calls with what a
 * test says the server would answer, and records every call. (The server's side of each call is
 * tested for real in server/.)
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; data: unknown }[] = [];
  /** Each call's request headers, in the order of `calls`. */
  const headers: Record<string, string>[] = [];
  const restore = setTransport(async ({ method, url, body, headers: sent }) => {
    const [path = '', search = ''] = url.replace(/^\/api/, '').split('?');
    const parsed: unknown = body ? JSON.parse(body) : undefined;
    calls.push({ method, url: path, data: parsed });
    headers.push(sent);
    const handler = routes[`${method} ${path}`];
    return handler
      ? handler({ body: parsed, query: new URLSearchParams(search) })
      : {
          status: 404,
          data: { error: { code: 'not_found', message: `No fake for ${method} ${path}` } },
        };
  });
  afterEach(restore);
  return { calls, headers };
}
