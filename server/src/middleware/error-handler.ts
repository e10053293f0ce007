import type { ErrorBody } from '@almquest/contracts/errors';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isStatementTimeout } from '../db/client';
import {
  AppError,
  isDatabaseUnavailable,
  isWriteRefused,
  notFound,
  serviceUnavailable,
  words,
  type Words,
} from '../errors';

type HttpError = { status?: unknown; statusCode?: unknown; type?: unknown; expose?: unknown };

/** Whether a body the JSON parser refused is JSON all the same (`"x"`, `null`, `3`). */
function isJsonValue(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** Maps the errors that body parsing and friends raise onto our codes. */
function fromHttpError(err: HttpError): AppError | null {
  const status = Number(err.status ?? err.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 499) return null;
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError(
        400,
        'malformed_json',
        isJsonValue((err as { body?: unknown }).body)
          ? 'The request body must be a JSON object, not a single value.'
          : 'The request body is not valid JSON.',
        'code',
      );
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'The request body is too large.', 'code');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(
        415,
        'unsupported_media_type',
        'The request encoding is not supported.',
        'code',
      );
    default:
      return new AppError(status, 'bad_request', 'The request could not be understood.', 'code');
  }
}

/** Unknown /api routes answer 404 in our JSON shape. */
export const apiNotFound: RequestHandler = (req) => {
  const path = `${req.baseUrl}${req.path}`;
  throw notFound(
    `No such endpoint: ${req.method} ${path}`,
    words('noSuchEndpoint', { method: req.method, path }),
  );
};

/** Failures that are the database's, not the request's: answered 503 with Retry-After. */
function unavailability(err: unknown): { log: string; message: string; said: Words } | null {
  if (isWriteRefused(err)) {
    return {
      log: 'database refuses writes (full disk or read-only)',
      message: 'We cannot save anything right now; please try again later.',
      said: words('cannotSaveNow'),
    };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      log: 'database unavailable',
      message: 'The database is unavailable right now; please try again in a moment.',
      said: words('databaseUnavailable'),
    };
  }
  if (isStatementTimeout(err)) {
    return {
      log: 'statement timed out',
      message: 'That took too long on our side; please try again in a moment.',
      said: words('tooSlow'),
    };
  }
  return null;
}

/**
 * A page the browser itself navigated to (the sign-in redirects, the development provider's
 * forms), not a call from the app: an error there is shown by the app, in its reader's language,
 * from a code, never as raw JSON (a rate limit, a form sent again with the Back button).
 */
function isSignInNavigation(req: Parameters<ErrorRequestHandler>[1]): boolean {
  const path = req.originalUrl.split('?')[0] ?? '';
  const isSignInPath = path.startsWith('/api/auth/') || path.startsWith('/dev-idp/');
  return isSignInPath && req.method !== 'HEAD' && req.get('sec-fetch-mode') === 'navigate';
}

/**
 * The one error handler: AppError -> its status; database down or a statement timed out -> 503;
 * anything else -> logged with the request id and answered 500 without details.
 */
export function createErrorHandler(
  hooks: {
    /** A request failed because the database refused to write (readiness says so). */
    onWriteRefused?: () => void;
  } = {},
): ErrorRequestHandler {
  return (err: unknown, req, res, next) => handleError(err, req, res, next, hooks);
}

export const errorHandler: ErrorRequestHandler = createErrorHandler();

function handleError(
  err: unknown,
  req: Parameters<ErrorRequestHandler>[1],
  res: Parameters<ErrorRequestHandler>[2],
  next: Parameters<ErrorRequestHandler>[3],
  hooks: { onWriteRefused?: () => void },
): void {
  if (res.headersSent) return next(err);
  let appError = err instanceof AppError ? err : fromHttpError((err ?? {}) as HttpError);
  const unavailable = appError ? null : unavailability(err);
  if (unavailable && isWriteRefused(err)) hooks.onWriteRefused?.();
  if (unavailable) {
    req.log?.warn({ err }, unavailable.log);
    appError = serviceUnavailable(unavailable.message, unavailable.said);
    res.setHeader('Retry-After', '5');
  }
  if (!appError) {
    req.log?.error({ err }, 'unhandled error');
    appError = new AppError(
      500,
      'internal',
      'Something went wrong on our side. Please try again.',
      'code',
    );
  }
  if (isSignInNavigation(req) && appError.status < 500) {
    const code = appError.code === 'rate_limited' ? 'rate_limited' : 'expired';
    res.redirect(303, `/?signInError=${code}`);
    return;
  }
  if (isSignInNavigation(req)) {
    res.redirect(303, '/?signInError=failed');
    return;
  }
  const body: ErrorBody = {
    error: {
      code: appError.code,
      message: appError.message,
      ...appError.words,
      ...(appError.fields ? { fields: appError.fields } : {}),
      ...(appError.fieldWords ? { fieldWords: appError.fieldWords } : {}),
    },
  };
  res.status(appError.status).json(body);
}
