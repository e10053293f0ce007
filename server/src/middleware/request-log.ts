import { randomUUID } from 'node:crypto';
import express, { type Request, type RequestHandler } from 'express';
import type { Logger } from '../logger';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's id: the caller's X-Request-Id when it is sane, a fresh UUID otherwise. */
    id: string;
    /** A logger that stamps every line with this request's id. */
    log: Logger;
  }
}

/** The URL without its query string. */
export function pathOf(url: string): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  // The SMS webhook's address holds its secret: never logged.
  // (However it is spelt: Express's routes ignore case, a doubled slash is a common slip, and a
  // mistyped address still carries it: any long token in an SMS path is taken for it.)
  // A calendar feed's address is its key (decision 041): never logged either.
  return /sms|calendar/i.test(path)
    ? path
        .replace(/^(\/+api\/+sms\/+webhook\/+)[^/]*/i, '$1[secret]')
        .replace(/[\w%-]{24,}/g, '[secret]')
    : path;
}

const BASE_LOGGER = Symbol('baseLogger');
const CHILD_LOGGER = Symbol('childLogger');
type LoggedRequest = Request & { [BASE_LOGGER]?: Logger; [CHILD_LOGGER]?: Logger };

/**
 * `req.log`, once for every request on the prototype: the child logger is made the first time
 * something logs. (A getter defined on each request object turned every request into a slow
 * dictionary-mode object, measured on the signed-in read path.)
 */
function installLogGetter(): void {
  if (Object.getOwnPropertyDescriptor(express.request, 'log')) return;
  Object.defineProperty(express.request, 'log', {
    configurable: true,
    get(this: LoggedRequest) {
      const base = this[BASE_LOGGER];
      return base && (this[CHILD_LOGGER] ??= base.child({ reqId: this.id }));
    },
  });
}

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;
/** Health probes and metrics scrapes arrive every few seconds; their lines would drown the rest. */
const QUIET_PATHS = new Set(['/api/health', '/api/health/live', '/metrics']);

/**
 * Gives each request an id (echoed in X-Request-Id) and a child logger, and logs one line when
 * the response is finished or the client goes away. The child logger is made only when something
 * logs, so a busy read path pays nothing for logging it does not do.
 */
export function requestLog(logger: Logger): RequestHandler {
  installLogGetter();
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id =
      typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    (req as LoggedRequest)[BASE_LOGGER] = logger;

    if (logger.isLevelEnabled('info') && !QUIET_PATHS.has(req.path)) {
      const startedAt = performance.now();
      const done = (event: 'finish' | 'close') => {
        res.off('finish', onFinish);
        res.off('close', onClose);
        const line = {
          // The path only: query strings carry searches, sign-in codes and other personal data.
          req: { method: req.method, url: pathOf(req.originalUrl) },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - startedAt),
        };
        if (event === 'finish') {
          // A 503 is an answer to try again (the database away, a stop under way), its cause
          // logged where it is met: a warning, not an error that pages someone at every deploy.
          const level =
            res.statusCode >= 500 && res.statusCode !== 503
              ? 'error'
              : res.statusCode >= 400
                ? 'warn'
                : 'info';
          req.log[level](line, 'request completed');
        } else {
          req.log.info(line, 'request closed before the answer was sent');
        }
      };
      const onFinish = () => done('finish');
      const onClose = () => done('close');
      res.once('finish', onFinish);
      res.once('close', onClose);
    }
    next();
  };
}
