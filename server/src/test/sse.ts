import type { LiveEvent } from '@almquest/contracts/notifications';

export type SseEvent = { id: string; event: string; data: LiveEvent };

/** A real EventSource-like reader over fetch: collects the stream's events as they arrive. */
export async function openEventStream(url: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const headers: Record<string, string> = { Cookie: cookie, Accept: 'text/event-stream' };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
  // A GET that only opens the stream: tried once more when a kept-alive connection the server had
  // just closed was picked for it (ECONNRESET before any answer; seen on a loaded CI machine).
  const open = () => fetch(url, { headers, signal: controller.signal });
  const response = await open().catch((error: unknown) => {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw error;
    return open();
  });
  const events: SseEvent[] = [];
  let isClosed = false;
  let buffer = '';
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [
                line.slice(0, line.indexOf(':')),
                line.slice(line.indexOf(':') + 1).trim(),
              ]),
          );
          if (fields.data)
            events.push({
              id: fields.id ?? '',
              event: fields.event ?? 'message',
              data: JSON.parse(fields.data),
            });
        }
      }
    } catch {
      // aborted
    } finally {
      isClosed = true;
    }
  })();

  /** Waits until at least n events arrived (or the time is up) and returns them all. */
  async function waitFor(n: number, timeoutMs = 5000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (events.length < n && Date.now() < deadline && !isClosed)
      await new Promise((r) => setTimeout(r, 20));
    return events;
  }

  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    events,
    waitFor,
    isClosed: () => isClosed,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
