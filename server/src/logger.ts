import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/** JSON logs to stdout; secrets and cookies are redacted. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
