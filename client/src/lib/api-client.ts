import type { ErrorBody, ErrorCode } from '@almquest/contracts/errors';

/** An API failure as the client sees it: status, stable code, a message to show, field errors. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type RequestOptions = {
  params?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What carries a request: fetch in the browser; tests may put their own (test/fake-api.ts). */
export type Transport = (request: {
  method: Method;
  url: string;
  body: string | undefined;
  headers: Record<string, string>;
  signal: AbortSignal;
}) => Promise<{ status: number; data: unknown }>;

const TIMEOUT_MS = 20_000;

const fetchTransport: Transport = async ({ method, url, body, headers, signal }) => {
  const res = await fetch(url, { method, body, headers, signal, credentials: 'same-origin' });
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  return { status: res.status, data };
};

let transport: Transport = fetchTransport;

/** Swaps how requests travel; returns a function that puts the previous one back. */
export function setTransport(next: Transport): () => void {
  const previous = transport;
  transport = next;
  return () => {
    transport = previous;
  };
}

function errorFrom(status: number, data: unknown): ApiError {
  const body = data as Partial<ErrorBody> | undefined;
  if (typeof body?.error?.code === 'string' && typeof body.error.message === 'string') {
    return new ApiError(status, body.error.code, body.error.message, body.error.fields);
  }
  return new ApiError(status, 'internal', 'Something went wrong. Please try again.');
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<{ data: T; status: number }> {
  const query = Object.entries(options.params ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  const url = `/api${path}${query ? `?${query}` : ''}`;
  // One signal for both the caller's cancel and our time limit.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  try {
    const { status, data } = await transport({
      method,
      url,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      signal: controller.signal,
    });
    if (status >= 400) throw errorFrom(status, data);
    return { data: data as T, status };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw error;
    throw new ApiError(
      0,
      'network',
      'We could not reach AlmQuest. Check your connection and try again.',
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The API at /api: same origin, cookies sent, JSON both ways; failures become ApiError. */
export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) =>
    request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T = unknown>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
};

/** The error alert for a failed action: the server's own message when it gave one. */
export function failureAlert(title: string, error: unknown) {
  return {
    type: 'error' as const,
    title,
    msg: error instanceof ApiError ? error.message : 'Please try again.',
  };
}
