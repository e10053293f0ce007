import type { Request, Response } from 'express';
import { AppError } from '../errors';
import type { Delivery, LocalHub } from './hub';

export type EventStreamOptions = {
  hub: LocalHub;
  userId: string;
  /** Groups the streams of one session (sign-out ends them; at most a few per session). */
  sessionKey: string;
  /** What a reconnecting client missed after the event it names, oldest first. */
  missedSince(lastEventId: string): Promise<Delivery[]>;
  /** Checked at each heartbeat; the stream ends once the session is gone. */
  isSessionAlive(): Promise<boolean>;
  heartbeatMs: number;
};

/** How many sent events a stream remembers to send none twice: more than a replay holds. */
const SENT_REMEMBERED = 1000;

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The last event id a reconnecting EventSource sends (header, or query for the first connect):
 * a notification's public id, or null when there is none or it is not one.
 */
export function lastEventIdOf(req: Request): string | null {
  const header = (
    req.get('Last-Event-ID') ??
    (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '')
  ).toLowerCase();
  return EVENT_ID.test(header) ? header : null;
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

  // What this stream sent, by inner id: what the replay sent is not sent again when it also
  // arrives live, and an event whose transaction committed after a later one's is still sent.
  const sent = new Set<number>();
  let isReplaying = true;
  const buffered: Delivery[] = [];
  const send = (delivery: Delivery) => {
    if (sent.has(delivery.id)) return;
    sent.add(delivery.id);
    if (sent.size > SENT_REMEMBERED) sent.delete(sent.values().next().value as number);
    res.write(
      `id: ${delivery.publicId}\nevent: notification\ndata: ${JSON.stringify(delivery.event)}\n\n`,
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

  if (lastEventId) for (const delivery of await options.missedSince(lastEventId)) send(delivery);
  isReplaying = false;
  for (const delivery of buffered.sort((a, b) => a.id - b.id)) send(delivery);
}
