// A small text/event-stream client for tests: fetch on a real port, the body read as it comes.
import type { FastifyInstance } from "fastify";

export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The next message with an event or data (blocks of only `id:`/`retry:` are not messages). */
  next(timeoutMs?: number): Promise<SseMessage>;
  /** Resolves true once the server ends the stream, false after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<boolean>;
  /** The last `id:` received (as a browser would send it in Last-Event-ID). */
  lastId(): string | undefined;
  /** Comment lines received so far. */
  comments: string[];
  close(): void;
}

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let lastId: string | undefined;
  let done = false;
  let wake: () => void = () => {};

  const parse = (block: string) => {
    let event = "";
    let data: string[] | undefined;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comments.push(line.slice(1).trim());
      const [field, ...rest] = line.split(":");
      const value = rest.join(":").replace(/^ /, "");
      if (field === "event") event = value;
      if (field === "id") lastId = value;
      if (field === "data") data = [...(data ?? []), value];
    }
    if (data !== undefined)
      messages.push({ event: event || "message", id: lastId, data: data.join("\n") });
  };

  void (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    // Errors here are close()'s abort, which may come at any point.
    try {
      if (!response.ok) {
        await response.text(); // so the connection is free again
        return;
      }
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
    done = true;
    wake();
  })();

  const waitFor = async <T>(ready: () => T | undefined, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };

  return {
    status: response.status,
    headers: response.headers,
    comments,
    lastId: () => lastId,
    next: (timeoutMs = 3000) =>
      waitFor(
        () => {
          if (messages.length > 0) return messages.shift();
          if (done) throw new Error("the stream ended");
          return undefined;
        },
        timeoutMs,
        "an event",
      ),
    ended: (timeoutMs = 3000) =>
      waitFor(() => (done ? true : undefined), timeoutMs, "the end").catch(() => false),
    close: () => abort.abort(),
  };
}

/**
 * Closes an app that listens on a port. fetch's connection pool can leave a socket that never
 * sent a request, which server.close() would wait for: such sockets are dropped until it has
 * closed.
 */
export async function closeListening(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeAllConnections(), 50);
  await app.close();
  clearInterval(sweep);
}
