import type { ErrorBody, ErrorCode, MessageWords } from '@almquest/contracts/errors';
import { noteAnswer } from './pwa';

/** An API failure as the client sees it: status, stable code, a message to show, field errors. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network' | 'offline' | 'unconfirmed' | 'unexpected_answer',
    message: string,
    readonly fields: Record<string, string> = {},
    /** The message's words (a key and values), for the reader's language (i18n errorText). */
    readonly words?: MessageWords,
    /** The words of field messages, by field (i18n fieldText). */
    readonly fieldWords: Record<string, MessageWords> = {},
  ) {
    super(message);
  }
}

export type RequestOptions = {
  params?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  let res: Response;
  try {
    res = await fetch(url, { method, body, headers, signal, credentials: 'same-origin' });
  } catch (error) {
    noteAnswer(false);
    throw error;
  }
  // The service worker marks an answer it took from its offline copy.
  noteAnswer(res.headers.get('X-AlmQuest-Offline') === '1');
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

/** The refusal of a change tried offline: nothing was sent. */
export function offlineError(): ApiError {
  return new ApiError(
    0,
    'offline',
    'You are offline, so nothing was sent. Try again when you are connected.',
  );
}

function isParams(value: unknown): value is MessageWords['params'] {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}

function isFieldWords(value: unknown): value is Record<string, MessageWords> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (w) =>
        typeof w === 'object' &&
        w !== null &&
        typeof (w as MessageWords).key === 'string' &&
        ((w as MessageWords).params === undefined || isParams((w as MessageWords).params)),
    )
  );
}

function errorFrom(status: number, data: unknown): ApiError {
  const body = data as Partial<ErrorBody> | undefined;
  if (typeof body?.error?.code === 'string' && typeof body.error.message === 'string') {
    const { code, message, fields, key, params, fieldWords } = body.error;
    const words =
      typeof key === 'string' ? { key, ...(isParams(params) ? { params } : {}) } : undefined;
    return new ApiError(
      status,
      code,
      message,
      fields,
      words,
      isFieldWords(fieldWords) ? fieldWords : {},
    );
  }
  return new ApiError(status, 'internal', 'Something went wrong. Please try again.');
}

/**
 * Reads an answer into its type, or throws: a contract's zod schema, or for the few calls of the
 * first page a small hand-written check with the same shape (zod stays out of that page).
 */
export type ResponseParser<T> = { parse: (data: unknown) => T };

/** For answers that carry nothing worth reading (204, or a body the caller does not use). */
export const ignoreBody: ResponseParser<void> = { parse: () => undefined };

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  parser: ResponseParser<T>,
  options: RequestOptions = {},
): Promise<T> {
  const query = Object.entries(options.params ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  const url = `/api${path}${query ? `?${query}` : ''}`;
  // Offline, a change is refused at once and said so, never queued to happen later.
  const isWrite = method !== 'GET';
  if (isWrite && !navigator.onLine) throw offlineError();
  // One signal for both the caller's cancel and our time limit.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  let answer: { status: number; data: unknown };
  try {
    answer = await transport({
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
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // A change that set out may have arrived and been done, its answer lost on the way back: it
    // is never said to be unsent (the person would do it again), only unconfirmed.
    if (isWrite) {
      throw new ApiError(
        0,
        'unconfirmed',
        'The connection dropped before AlmQuest answered, so we cannot tell whether this was saved. Check before you try again.',
      );
    }
    throw new ApiError(
      0,
      'network',
      'We could not reach AlmQuest. Check your connection and try again.',
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  if (answer.status >= 400) throw errorFrom(answer.status, answer.data);
  try {
    return parser.parse(answer.data);
  } catch {
    // An answer this page cannot read (a newer or broken server): never half-used data.
    throw new ApiError(
      answer.status,
      'unexpected_answer',
      'AlmQuest answered in a way this page does not understand. Please reload the page.',
    );
  }
}

/**
 * The API at /api: same origin, cookies sent, JSON both ways. Every answer is read through its
 * parser (its contract schema); failures become ApiError.
 */
export const api = {
  get: <T>(path: string, parser: ResponseParser<T>, options?: RequestOptions) =>
    request('GET', path, undefined, parser, options),
  post: <T>(path: string, body: unknown, parser: ResponseParser<T>, options?: RequestOptions) =>
    request('POST', path, body, parser, options),
  put: <T>(path: string, body: unknown, parser: ResponseParser<T>, options?: RequestOptions) =>
    request('PUT', path, body, parser, options),
  patch: <T>(path: string, body: unknown, parser: ResponseParser<T>, options?: RequestOptions) =>
    request('PATCH', path, body, parser, options),
  delete: <T>(
    path: string,
    parser: ResponseParser<T>,
    options?: RequestOptions & { body?: unknown },
  ) => request('DELETE', path, options?.body, parser, options),
};

/**
 * The error alert for a failed action: what the server said, in the reader's language
 * (`errorText` is the i18n one: useI18n().errorText).
 */
export function failureAlert(title: string, error: unknown, errorText: (e: unknown) => string) {
  // A change whose answer was lost may have been done: never titled as not done.
  if (error instanceof ApiError && error.code === 'unconfirmed') {
    return {
      type: 'warning' as const,
      title: errorText({ code: 'unconfirmed_title' }),
      msg: errorText(error),
    };
  }
  return { type: 'error' as const, title, msg: errorText(error) };
}
