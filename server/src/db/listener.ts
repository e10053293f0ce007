import pg from 'pg';

const RECONNECT_MS = 1000;

export type ChannelListener = {
  /** Settles with the first connection: resolved once listening, rejected if it could not. */
  firstConnection: Promise<void>;
  /** Drops the connection and connects again (it went silent without a word). */
  restart(): void;
  close(): Promise<void>;
};

/**
 * A connection of this process's own that LISTENs on one channel and connects again by itself a
 * second after it is lost (live events, the session cache). `onState(true)` once every later
 * commit's notifications reach it, `false` when it is cut off. With `applicationName`, it names
 * itself only after LISTEN has taken effect, so whoever counts listeners by that name never
 * counts one that cannot hear yet.
 */
export function listenWithReconnect(
  url: string,
  channel: string,
  {
    onMessage,
    onState = () => undefined,
    onConnectFailed = () => undefined,
    applicationName,
    heartbeatMs,
  }: {
    onMessage: (payload: string) => void;
    /**
     * How often to check that the connection still answers; one that does not within half of
     * that is dropped and made again (a silent network tells nobody). None: the OS's probes.
     */
    heartbeatMs?: number;
    onState?: (isListening: boolean) => void;
    /** A reconnection failed (another follows a second later). */
    onConnectFailed?: (error: unknown) => void;
    applicationName?: string;
  },
): ChannelListener {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;
  const heartbeat = heartbeatMs
    ? setInterval(() => {
        const current = client;
        current?.query('select 1').catch(() => lost(current));
      }, heartbeatMs)
    : undefined;
  heartbeat?.unref();

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    onState(false);
    void endSoon(lostClient);
    scheduleConnect();
  };
  const connect = async () => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 3000,
      // A peer gone without a word: the OS's probes notice in the end (the session cache's
      // heartbeat sooner).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // The heartbeat's check, and LISTEN itself, give up on a connection that says nothing.
      ...(heartbeatMs ? { query_timeout: Math.max(500, heartbeatMs / 2) } : {}),
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) onMessage(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (applicationName) await next.query(`set application_name = '${applicationName}'`);
    } catch (error) {
      void endSoon(next);
      throw error;
    }
    if (isClosed) {
      void endSoon(next);
      return;
    }
    client = next;
    onState(true);
  };
  const scheduleConnect = () => {
    if (isClosed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        onConnectFailed(error);
        scheduleConnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  };

  const firstConnection = connect();
  // The caller hears of the first failure from firstConnection; the retries go on meanwhile.
  firstConnection.catch(scheduleConnect);
  return {
    firstConnection,
    restart() {
      if (client) lost(client);
    },
    async close() {
      isClosed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const last = client;
      client = null;
      if (last) await endSoon(last);
    },
  };
}

/** Ends a connection, or drops its socket when a dead peer would keep end() waiting. */
function endSoon(client: pg.Client): Promise<void> {
  return Promise.race([
    client.end().catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, 1000).unref()),
  ]).then(() => {
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
  });
}
