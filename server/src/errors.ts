import type { ErrorCode, MessageWords, ServerMessageKey } from '@almquest/contracts/errors';
import { type FieldWords, fieldWordsOf } from '@almquest/contracts/field-words';

/** A message's words: a key the clients' catalogs hold (`server.<key>`) and its values. */
export type Words = { key: ServerMessageKey; params?: Record<string, string | number> };

/** The words of a message, for the API's error body (`key`, `params`). */
export const words = (key: ServerMessageKey, params?: Words['params']): Words =>
  params ? { key, params } : { key };

/**
 * What an error says, for the clients to say it in the reader's language: its words (a key the
 * catalogs hold, with values), or `'code'` when the message says no more than its error code
 * means (the catalogs' `error.<code>`). Every error makes this choice; none is left to English.
 */
export type Said = Words | 'code';

/**
 * The one error type of the API: a stable code, an HTTP status, a message a person can read (in
 * English), and what it says for the clients to word in the reader's language.
 */
export class AppError extends Error {
  override name = 'AppError';
  /** The message's words, unless it says only what its code means. */
  readonly words?: Words;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    said: Said,
    readonly fields?: Record<string, string>,
    /** Words of field messages with a value in them, which no schema says (see fieldWords). */
    readonly givenFieldWords?: Record<string, FieldWords>,
  ) {
    super(message);
    if (said !== 'code') this.words = said;
  }

  /**
   * The words of each field message: those given, and those the shared schemas said (`said` in
   * contracts).
   */
  get fieldWords(): Record<string, MessageWords> | undefined {
    if (!this.fields) return undefined;
    const found: Record<string, MessageWords> = {
      ...fieldWordsOf(this.fields),
      ...this.givenFieldWords,
    };
    // Every field has words: those of the whole error when it has them (a field's message then
    // says the same), else "check this field" for zod's own messages (a value of the wrong type,
    // which no form sends).
    const whole: MessageWords = this.words
      ? { key: `server.${this.words.key}`, ...(this.words.params && { params: this.words.params }) }
      : { key: 'field.invalid' };
    for (const field of Object.keys(this.fields)) found[field] ??= whole;
    return found;
  }
}

/** A 400: with the fields at fault (their words from the schemas), or with the words it says. */
export function badRequest(
  message: string,
  fields: Record<string, string>,
  said?: Words,
  fieldWords?: Record<string, FieldWords>,
): AppError;
export function badRequest(message: string, fields: undefined, said: Words): AppError;
export function badRequest(
  message: string,
  fields?: Record<string, string>,
  said?: Words,
  fieldWords?: Record<string, FieldWords>,
) {
  return new AppError(
    400,
    fields ? 'validation_failed' : 'bad_request',
    message,
    // A field message is worded by its field (fieldWords); the whole says "check the fields".
    said ?? 'code',
    fields,
    fieldWords,
  );
}
export const unauthenticated = () =>
  new AppError(401, 'unauthenticated', 'Please sign in to continue.', 'code');
export function forbidden(): AppError;
export function forbidden(message: string, said: Words): AppError;
export function forbidden(message = 'You are not allowed to do that.', said?: Words) {
  return new AppError(403, 'forbidden', message, said ?? 'code');
}
export function notFound(): AppError;
export function notFound(message: string, said: Words): AppError;
export function notFound(message = 'Not found.', said?: Words) {
  return new AppError(404, 'not_found', message, said ?? 'code');
}
export const methodNotAllowed = (message: string, said: Words) =>
  new AppError(405, 'method_not_allowed', message, said);
export const conflict = (message: string, said: Words) =>
  new AppError(409, 'conflict', message, said);
export const serviceUnavailable = (message: string, said: Words) =>
  new AppError(503, 'service_unavailable', message, said);

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '25P03', // idle_in_transaction_session_timeout (the server closed the session)
  '08000',
  '08001',
  '08003',
  '08006',
  // Connections refused by the server itself: too many, the database gone or closed to
  // connections, the password changed. None is the request's fault; each passes.
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name (the database was dropped or renamed)
  '28P01', // invalid_password
  '28000', // invalid_authorization_specification
]);

/** An error and its causes, outermost first (Drizzle wraps the driver's error): five at most. */
export function* errorChain(
  error: unknown,
): Generator<{ code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown }> {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown };
    yield err;
    e = err.cause;
  }
}

/** The database cannot store anything: a full disk, or a database set read-only. */
const writeRefusedCodes = new Set(['53100', '25006', 'ENOSPC', 'EROFS', 'EDQUOT']);

/** True when an error (or its cause) means the database refuses to write (full disk, read-only). */
export function isWriteRefused(error: unknown): boolean {
  for (const err of errorChain(error)) {
    if (typeof err.code === 'string' && writeRefusedCodes.has(err.code)) return true;
    if (typeof err.message === 'string' && /no space left on device/i.test(err.message))
      return true;
  }
  return false;
}

/** True when an error means the database cannot be reached, as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const err of errorChain(error)) {
    if (typeof err.code === 'string' && unavailableCodes.has(err.code)) return true;
    if (
      typeof err.message === 'string' &&
      // "…is not queryable": a client whose connection was lost (a transaction's ROLLBACK
      // after the loss says so, hiding the loss itself). "Query read timeout": no answer in
      // time from a connection that went silent (db/client.ts DATABASE_LIMITS). "Not currently
      // accepting connections": a database closed to connections (55000, a code too broad to
      // take whole).
      /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|is not queryable|Query read timeout|is not currently accepting connections/i.test(
        err.message,
      )
    ) {
      return true;
    }
  }
  return false;
}
