import type { Request, Response } from 'express';
import { AppError } from '../errors';
import type { Delivery, LocalHub } from './hub';

export type EventStreamOptions = {
  hub: LocalHub;
  userId: string;
  /** Groups the streams of one session (sign-out ends them; at most a few per session). */
  sessionKey: string;
  /** What a reconnecting client missed after an event id, oldest first. */
  missedSince(afterId: number): Promise<Delivery[]>;
  /** Checked at each heartbeat; the stream ends once the session is gone. */
  isSessionAlive(): Promise<boolean>;
  heartbeatMs: number;
};

/** The last event id a reconnecting EventSource sends (header, or query for the first connect). */
export function lastEventIdOf(req: Request): number {
  const header =
    req.get('Last-Event-ID') ??
    (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
  return /^\d{1,15}$/.test(header) ? Number(header) : 0;
}

/**
 * Server-Sent Events for one user. A reconnect with Last-Event-ID first replays what was missed;
 * nothing is lost while a phone was offline, and nothing is sent twice.
 */
export async function openEventStream(
  req: Request,
  res: Response,
  options: EventStreamOptions,
): Promise<void> {
  const { hub, userId, sessionKey } = options;
  if (!hub.hasRoomFor(userId, sessionKey)) {
    // The newest is refused (EventSource does not retry a 429), so tabs never take turns
    // closing each other.
    res.setHeader('Retry-After', '60');
    throw new AppError(
      429,
      'rate_limited',
      'Too many live connections are open for this account. Close a tab and reload.',
    );
  }
  const lastEventId = lastEventIdOf(req);

  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.write('retry: 3000\n\n');

  let sentUpTo = lastEventId;
  let isReplaying = true;
  const buffered: Delivery[] = [];
  const send = (delivery: Delivery) => {
    if (delivery.id <= sentUpTo) return;
    sentUpTo = delivery.id;
    res.write(
      `id: ${delivery.id}\nevent: notification\ndata: ${JSON.stringify(delivery.event)}\n\n`,
    );
  };

  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  };
  // Subscribe first and hold what arrives, so nothing slips between the replay and the stream.
  const unsubscribe = hub.subscribe(
    userId,
    sessionKey,
    (delivery) => {
      if (isReplaying) buffered.push(delivery);
      else send(delivery);
    },
    stop,
  );
  // The heartbeat keeps proxies from closing the stream, and ends it once the session is gone.
  const heartbeat = setInterval(() => {
    res.write(': ping\n\n');
    options
      .isSessionAlive()
      .then((isAlive) => {
        if (!isAlive) stop();
      })
      .catch(() => undefined);
  }, options.heartbeatMs);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });

  if (lastEventId > 0)
    for (const delivery of await options.missedSince(lastEventId)) send(delivery);
  isReplaying = false;
  for (const delivery of buffered.sort((a, b) => a.id - b.id)) send(delivery);
}
