import type { Request, Response } from 'express';
import { AppError, words } from '../errors';
import type { Delivery, LocalHub } from './hub';

export type EventStreamOptions = {
  hub: LocalHub;
  userId: string;
  /** Groups the streams of one session (sign-out ends them; at most a few per session). */
  sessionKey: string;
  /**
   * Where the stream starts, as an inner id: after the user's own notification that
   * Last-Event-ID names (`isNamed`), or else after their newest one.
   */
  startingPoint(
    lastEventId: string | null,
  ): Promise<{ after: number; isNamed: boolean; known?: number[] }>;
  /**
   * The user's stored notifications after an inner id, oldest first (a replay, a catch-up);
   * `isComplete` false when there were more than one read returns.
   */
  missedAfter(afterId: number): Promise<{ deliveries: Delivery[]; isComplete: boolean }>;
  /** Checked at each heartbeat; the stream ends once the session is gone. */
  isSessionAlive(): Promise<boolean>;
  heartbeatMs: number;
};

/** How soon a catch-up the database could not answer is tried again. */
const CATCH_UP_RETRY_MS = 2000;
const CATCH_UP_RETRY_MAX_MS = 30_000;

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
  // Gone before this ran (the session was looked up in the database meanwhile): its 'close' has
  // been emitted already and would never free a slot taken now.
  if (isGone(req, res)) return;
  const room = hub.roomFor(userId, sessionKey);
  if (room === 'process') {
    // This process has as many streams as its open files allow: another may have room.
    res.setHeader('Retry-After', '30');
    throw new AppError(
      503,
      'service_unavailable',
      'Live updates are busy right now; the page will try again shortly.',
      words('liveBusy'),
    );
  }
  if (room === 'person') {
    // The newest is refused (EventSource does not retry a 429), so tabs never take turns
    // closing each other.
    res.setHeader('Retry-After', '60');
    throw new AppError(
      429,
      'rate_limited',
      'Too many live connections are open for this account. Close a tab and reload.',
      words('liveTooMany'),
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
  // The newest inner id this stream has covered: a catch-up reads what came after it.
  let upTo = 0;
  let isReplaying = true;
  const buffered: Delivery[] = [];
  const send = (delivery: Delivery) => {
    if (sent.has(delivery.id)) return;
    sent.add(delivery.id);
    if (sent.size > SENT_REMEMBERED) sent.delete(sent.values().next().value as number);
    upTo = Math.max(upTo, delivery.id);
    // In a gap, no id: the browser keeps the one from before it, so a reconnect before the
    // catch-up reads from there, not from past what other processes wrote meanwhile.
    const id = gapFrom === null && !isGapWhileOpening ? `id: ${delivery.publicId}\n` : '';
    res.write(`${id}event: notification\ndata: ${JSON.stringify(delivery.event)}\n\n`);
  };

  // Where this stream stood when the process stopped hearing other processes' events: a
  // catch-up reads from there, however far local events have moved it since.
  let gapFrom: number | null = null;
  // Counts gaps: a catch-up that a newer gap overtook does not close it.
  let gaps = 0;
  let isCatchingUp = false;
  let failures = 0;
  let isOpen = true;
  let retry: NodeJS.Timeout | undefined;
  let isGapWhileOpening = false;
  const gap = () => {
    // Still reading where it starts: the gap starts there.
    gaps++;
    if (isReplaying) isGapWhileOpening = true;
    else gapFrom ??= upTo;
  };
  const catchUp = () => {
    if (!isOpen || isReplaying || isCatchingUp || gapFrom === null) return;
    isCatchingUp = true;
    const from = gapFrom;
    const gapsBefore = gaps;
    options
      .missedAfter(from)
      .then((missed) => {
        missed.deliveries.forEach(send);
        failures = 0;
        // More than one read holds: read on from the newest sent.
        if (!missed.isComplete) {
          gapFrom = Math.max(from, ...missed.deliveries.map((d) => d.id));
          setImmediate(catchUp);
          return;
        }
        // Closed only if the process hears other processes again and no gap began meanwhile:
        // what is written while it still cannot listen is read when it can.
        if (hub.isInGap) return;
        if (gaps === gapsBefore && gapFrom === from) gapFrom = null;
        else setImmediate(catchUp);
      })
      .catch(() => {
        // The database is busy or away: try again, less often each time and not all streams at
        // once (a busy database is not asked by thousands together); nothing is given up.
        failures++;
        const wait = Math.min(CATCH_UP_RETRY_MAX_MS, CATCH_UP_RETRY_MS * 2 ** (failures - 1));
        clearTimeout(retry);
        retry = setTimeout(catchUp, wait * (0.5 + Math.random()));
      })
      .finally(() => {
        isCatchingUp = false;
      });
  };
  const stop = () => {
    isOpen = false;
    clearInterval(heartbeat);
    clearTimeout(retry);
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
    { gap, catchUp },
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
    isOpen = false;
    clearInterval(heartbeat);
    clearTimeout(retry);
    unsubscribe();
  });

  try {
    const start = await options.startingPoint(lastEventId);
    if (!isOpen) return;
    upTo = start.after;
    // What the page already has is never sent as new by a catch-up's look back.
    for (const id of start.known ?? []) sent.add(id);
    if (start.isNamed) {
      const replay = await options.missedAfter(start.after);
      replay.deliveries.forEach(send);
      // More than a replay holds: a catch-up reads on from the newest sent once the stream is
      // open (as after a gap).
      if (!replay.isComplete) isGapWhileOpening = true;
    }
  } catch {
    // The database did not answer: end the stream, and the browser comes back with its
    // Last-Event-ID in a few seconds, losing nothing.
    stop();
    return;
  }
  const openedAt = upTo;
  isReplaying = false;
  for (const delivery of buffered.sort((a, b) => a.id - b.id)) send(delivery);
  // A gap that began before or while the stream was opening: from where it started.
  if (isGapWhileOpening || hub.isInGap) gapFrom ??= openedAt;
  isGapWhileOpening = false;
  if (!hub.isInGap) catchUp();
}

/** The browser hung up, or the answer is over. */
function isGone(req: Request, res: Response): boolean {
  return req.destroyed || res.destroyed || res.writableEnded || Boolean(req.socket?.destroyed);
}
