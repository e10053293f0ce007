import { z } from 'zod';

/** Stable machine-readable error codes shared by the server and the client. */
export const ErrorCode = z.enum([
  'bad_request',
  'validation_failed',
  'malformed_json',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'idempotency_key_reused',
  'wrong_handover_code',
  'handover_locked',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Every error answer of the API has this body. `fields` maps a field path to its message. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
