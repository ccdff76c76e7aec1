/** A small Server-Sent Events client for tests: fetch with a Last-Event-ID, parsed events in order. */

interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Waits for the next event (of a given type, skipping others, if named). */
  next(event?: string, timeoutMs?: number): Promise<SseEvent>;
  /** Every event received so far, consumed or not. */
  received: SseEvent[];
  close(): void;
}

export async function openStream(url: string, lastEventId?: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}), ...headers },
    signal: controller.signal,
  });
  const received: SseEvent[] = [];
  const queue: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const v = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = v;
            else if (field === 'event') event.event = v;
            else if (field === 'data') data.push(v);
          }
          if (data.length === 0 && !event.id) continue;
          event.data = data.join('\n');
          received.push(event);
          queue.push(event);
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      waiters.splice(0).forEach((w) => w());
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    received,
    async next(event, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex((e) => !event || e.event === event);
        if (i >= 0) return queue.splice(0, i + 1).at(-1)!;
        if (ended) throw new Error(`stream ended before a${event ? ` "${event}"` : 'n'} event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${event ?? ''} event within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
}
