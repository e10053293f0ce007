import type { Request, RequestHandler, Response } from 'express';
import { type z } from 'zod';
import { fieldErrors } from '@almquest/contracts/field-errors';
import { AppError, badRequest, words } from '../errors';

type Schemas = { body?: z.ZodType; params?: z.ZodType; query?: z.ZodType };
type Parsed<S extends Schemas> = {
  body: S['body'] extends z.ZodType ? z.infer<S['body']> : undefined;
  params: S['params'] extends z.ZodType ? z.infer<S['params']> : undefined;
  query: S['query'] extends z.ZodType ? z.infer<S['query']> : undefined;
};

function summary(fields: Record<string, string>): string {
  const names = Object.keys(fields).filter((k) => k !== '_');
  if (names.length === 0) return fields._ ?? 'The request is not valid.';
  return `Please check ${names.join(', ')}: ${Object.values(fields)[0]}`;
}

/** Parses a value with a schema, or throws a 400 naming each bad field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw badRequest(summary(fields), fields);
  }
  return result.data;
}

/**
 * The validate step of a route: parses body, params and query with the given schemas and hands
 * the typed values to the handler. Bad input never reaches the handler. (Express 5 passes a
 * rejected promise to the error handler, so the handler may simply throw.)
 */
export function validate<S extends Schemas>(
  schemas: S,
  handler: (input: Parsed<S>, req: Request, res: Response) => Promise<void> | void,
): RequestHandler {
  return async (req: Request, res: Response) => {
    if (schemas.body && req.body === undefined) {
      throw new AppError(
        415,
        'unsupported_media_type',
        'Send the request body as JSON (Content-Type: application/json).',
        words('sendJson'),
      );
    }
    const input = {
      body: schemas.body ? parseOrThrow(schemas.body, req.body) : undefined,
      params: schemas.params ? parseOrThrow(schemas.params, req.params) : undefined,
      query: schemas.query ? parseOrThrow(schemas.query, req.query) : undefined,
    } as Parsed<S>;
    await handler(input, req, res);
  };
}
