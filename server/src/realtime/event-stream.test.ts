import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream';
import { type Delivery, LocalHub } from './hub';

/** A request and answer as Express hands them over, holding what the stream wrote. */
function connection({ isGone = false } = {}) {
  const req = Object.assign(new EventEmitter(), {
    destroyed: false,
    socket: { destroyed: isGone },
    query: {},
    get: () => undefined,
  });
  const written: string[] = [];
  const res = {
    destroyed: false,
    writableEnded: false,
    writeHead: () => res,
    setHeader: () => undefined,
    write: (chunk: string) => written.push(chunk),
    end: () => {
      res.writableEnded = true;
    },
  };
  const ids = () => written.flatMap((w) => [...w.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]));
  /** Which events it sent, by their numbers, ids or not. */
  const sent = () =>
    written.flatMap((w) => [...w.matchAll(/^data: .*"n":(\d+)/gm)].map((m) => Number(m[1])));
  return {
    req: req as unknown as Request,
    res: res as unknown as Response,
    ids,
    sent,
    hangUp: () => req.emit('close'),
  };
}

function delivery(id: number): Delivery {
  return {
    id,
    publicId: `event-${id}`,
    userId: 'u1',
    event: { n: id } as unknown as Delivery['event'],
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a live stream', () => {
  it('takes no slot for a browser that hung up before it opened', async () => {
    const hub = new LocalHub(1);
    for (let i = 0; i < 3; i++) {
      const gone = connection({ isGone: true });
      await openEventStream(
        gone.req,
        gone.res,
        options(hub, async () => []),
      );
    }
    expect(hub.roomFor('u2', 'other')).toBe('ok');
  });

  it('keeps a gap open while the process cannot listen, though a catch-up succeeded meanwhile', async () => {
    const hub = new LocalHub();
    const stored = [delivery(11)];
    let isDatabaseBusy = true;
    // The database is busy for the first catch-up, answers the retry (nothing written yet), and
    // has event 11 once the process listens again.
    let found: Delivery[] = [];
    const stream = connection();
    await openEventStream(
      stream.req,
      stream.res,
      options(hub, async () => {
        if (isDatabaseBusy) throw new Error('timeout exceeded when trying to connect');
        return found;
      }),
    );
    // A read failed: every stream catches up (and the database is still busy: it retries).
    hub.gapAll();
    hub.catchUpAll();
    await wait(50);
    // The listener drops before the retry; the database answers again.
    hub.gapAll();
    isDatabaseBusy = false;
    await wait(3_200);
    // Written by another process while this one could not listen; then it listens again.
    found = stored;
    hub.catchUpAll();
    await wait(50);
    expect(stream.sent()).toEqual([11]);
    stream.hangUp();
  });
});

describe('a live stream, about ids', () => {
  it('sends no id while the process cannot hear others, so a reconnect reads from before the gap', async () => {
    const hub = new LocalHub();
    let found: Delivery[] = [];
    const stream = connection();
    await openEventStream(
      stream.req,
      stream.res,
      options(hub, async () => found),
    );
    hub.deliver(delivery(11));
    hub.gapAll();
    // This process's own event during the gap: sent, but without an id.
    hub.deliver(delivery(13));
    expect(stream.ids()).toEqual(['event-11']);
    // Back: the catch-up finds what another process wrote; then ids again.
    found = [delivery(12), delivery(13)];
    hub.catchUpAll();
    await wait(50);
    hub.deliver(delivery(14));
    expect(stream.ids()).toEqual(['event-11', 'event-14']);
    expect(stream.sent()).toEqual([11, 13, 12, 14]);
    stream.hangUp();
  });

  it('reads on from the newest sent when a replay holds more than one read', async () => {
    const hub = new LocalHub();
    const stored = Array.from({ length: 7 }, (_, i) => delivery(11 + i));
    const stream = connection();
    await openEventStream(
      stream.req,
      stream.res,
      options(hub, async (after) => stored.filter((d) => d.id > after), {
        isNamed: true,
        pageSize: 3,
      }),
    );
    await wait(50);
    expect(stream.sent()).toEqual(stored.map((d) => d.id));
    // The first read's with their ids; the rest read on as after a gap.
    expect(stream.ids()).toEqual(['event-11', 'event-12', 'event-13']);
    stream.hangUp();
  });
});

function options(
  hub: LocalHub,
  missedAfter: (after: number) => Promise<Delivery[]>,
  { isNamed = false, pageSize = Infinity } = {},
) {
  return {
    hub,
    userId: 'u1',
    sessionKey: 's1',
    startingPoint: async () => ({ after: 10, isNamed }),
    // As the database reads them: at most `pageSize` a read.
    missedAfter: async (after: number) => {
      const all = await missedAfter(after);
      return { deliveries: all.slice(0, pageSize), isComplete: all.length <= pageSize };
    },
    isSessionAlive: async () => true,
    heartbeatMs: 60_000,
  };
}
