import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

export type Logger = pino.Logger;

/** What of an error may be logged: never the values of a query, never a URL's query string. */
type SafeError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  cause?: SafeError;
};

/**
 * Removes personal data from error text. Drizzle puts a failed statement's parameters after
 * "params:" in its message (names, phones, e-mails, coordinates); URLs may carry a search, a
 * sign-in code or an API key in their query string.
 */
export function scrubErrorText(text: string): string {
  const paramsAt = text.indexOf('\nparams:');
  const withoutParams = paramsAt === -1 ? text : text.slice(0, paramsAt);
  return withoutParams.replace(/(https?:\/\/[^\s?#]*)\?\S*/g, '$1?[redacted]');
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * PostgreSQL quotes the offending value in some messages ('invalid input syntax for type
 * integer: "…"'): for a database error only the words before the first quote or colon are kept;
 * the code says the rest.
 */
function databaseMessage(message: string): string {
  const cut = [message.indexOf('"'), message.indexOf(':')].filter((i) => i >= 0);
  return cut.length ? message.slice(0, Math.min(...cut)).trim() : message;
}

/** pino's `err` serializer: type, scrubbed message and stack, and safe fields of the cause chain. */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: '[not an Error]', stack: '' };
  }
  const fields = error as Error & { code?: unknown; constraint?: unknown; table?: unknown };
  const isDatabaseError = typeof fields.code === 'string' && SQLSTATE.test(fields.code);
  const message = isDatabaseError ? databaseMessage(error.message) : scrubErrorText(error.message);
  // The stack's first lines repeat the message: only the frames are kept after ours.
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  return {
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames.map(scrubErrorText)].join('\n'),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.constraint === 'string' ? { constraint: fields.constraint } : {}),
    ...(typeof fields.table === 'string' ? { table: fields.table } : {}),
    ...(error.cause !== undefined && depth < 4
      ? { cause: serializeError(error.cause, depth + 1) }
      : {}),
  };
}

/**
 * JSON logs to stdout (or the given stream); secrets and cookies are redacted, errors are logged
 * through serializeError (no query values, no URL query strings).
 */
export function createLogger(
  level: Config['logLevel'],
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  if (destination) return pino(options, destination);
  // A person watching a terminal reads lines; machines (production, pipes, files) get JSON.
  if (isHumanReading()) {
    return pino(
      options,
      pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }),
    );
  }
  return pino(options);
}

/** Development, writing to a terminal (set LOG_FORMAT=json to get JSON anyway). */
function isHumanReading(): boolean {
  return (
    process.stdout.isTTY === true &&
    process.env.NODE_ENV !== 'production' &&
    process.env.LOG_FORMAT !== 'json'
  );
}
