import type { ErrorBody, ErrorCode } from '@almquest/contracts/errors';
import axios, { isAxiosError } from 'axios';

/** One axios instance for the API: same origin, cookies sent, JSON both ways. */
export const api = axios.create({
  baseURL: '/api',
  withCredentials: true,
  headers: { 'Content-Type': 'application/json' },
  timeout: 20_000,
});

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

/** Maps anything axios throws onto ApiError, reading our `{ error: { … } }` body when present. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    if (!error.response) {
      return new ApiError(
        0,
        'network',
        'We could not reach AlmQuest. Check your connection and try again.',
      );
    }
    const body = error.response.data as Partial<ErrorBody> | undefined;
    if (typeof body?.error?.code === 'string' && typeof body.error.message === 'string') {
      const { code, message, fields } = body.error;
      return new ApiError(error.response.status, code, message, fields);
    }
    return new ApiError(
      error.response.status,
      'internal',
      'Something went wrong. Please try again.',
    );
  }
  return new ApiError(
    0,
    'internal',
    error instanceof Error ? error.message : 'Something went wrong.',
  );
}

api.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));
