import net from 'node:net';

/**
 * A TCP proxy in front of the PostgreSQL server. `cut()` drops every connection and refuses new
 * ones, as a database outage looks from the app; `restore()` lets traffic through again. The
 * shared server itself is never stopped. With `replyDelayMs`, everything the server sends arrives
 * that much later (in order), as from a slow or far database. `dropWhen` closes a connection
 * instead of passing on what the app sent, when it matches: an outage at a chosen statement.
 */
export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
  { replyDelayMs = 0 }: { replyDelayMs?: number } = {},
) {
  let dropWhen: ((sent: Buffer) => boolean) | null = null;
  const sockets = new Set<net.Socket>();
  let isCut = false;
  let isFrozen = false;
  const server = net.createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    // Frozen: bytes are swallowed both ways and nobody is told, as when a NAT entry is dropped.
    client.on('data', (chunk: Buffer) => {
      if (dropWhen?.(chunk)) return drop();
      if (!isFrozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (isFrozen) return;
      if (replyDelayMs > 0) {
        setTimeout(() => {
          if (!client.destroyed) client.write(chunk);
        }, replyDelayMs);
      } else {
        client.write(chunk);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      isCut = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      isCut = false;
    },
    /** From now on, closes each connection whose app sends what `matches` (null: none). */
    dropConnectionsSending(matches: ((sent: Buffer) => boolean) | null) {
      dropWhen = matches;
    },
    /** Passes nothing more, either way, without closing anything. */
    freeze() {
      isFrozen = true;
    },
    /**
     * Passes traffic again. What was swallowed meanwhile is gone, so a connection that sent or
     * expected something during the freeze is broken; one that stayed idle works again.
     */
    thaw() {
      isFrozen = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

/** A proxy in front of the PostgreSQL server at `databaseUrl`, and the URL that goes through it. */
export async function proxyDatabase(
  databaseUrl: string,
  options: { replyDelayMs?: number } = {},
): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(databaseUrl);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432), options);
  const viaProxy = new URL(databaseUrl);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return { proxy, url: viaProxy.href };
}
