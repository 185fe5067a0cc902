import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Db } from "./client.js";

const RECONNECT_FIRST_MS = 200;
const RECONNECT_MAX_MS = 10_000;
/** How the hub's connection shows in pg_stat_activity (one per process). */
export const LISTEN_APPLICATION_NAME = "potluck-listen";
/** A channel is put into `LISTEN <channel>` as is: only plain identifiers. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export interface NotifyHandlers {
  /** A NOTIFY on the channel. */
  notified: (payload: string) => void;
  /**
   * The connection listens (again), or has just been lost: NOTIFYs sent meanwhile were not
   * heard, so whatever they would have told must be assumed.
   */
  gap: () => void;
}

/**
 * One subscriber's LISTEN on one channel, over the hub's connection (`NotifyHub.listen`). It
 * asks the hub to listen on its first `start()` and from then on until `close()`.
 * `listening` says whether a NOTIFY on its channel sent now will be heard; callers must not
 * rely on NOTIFYs while it is false.
 */
export class NotifyListener {
  private closed = false;

  constructor(
    private readonly hub: NotifyHub,
    readonly channel: string,
    readonly handlers: NotifyHandlers,
  ) {}

  get listening(): boolean {
    return this.hub.hears(this);
  }

  /** Starts listening unless it does or is on its way there; never waits, never throws. */
  start(): void {
    if (!this.closed) this.hub.subscribe(this);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.hub.unsubscribe(this);
  }
}

/**
 * The one connection per app that LISTENs, on every channel a subscriber has started: the
 * session cache's and every live stream's. Connected when the first subscriber starts (a
 * process nobody signs in to or streams from holds none), and from then on kept: when it is
 * lost (the database restarted, pg_terminate_backend, a network cut the socket noticed) every
 * subscriber is told of the gap, and it reconnects with backoff, LISTENs on every channel
 * again and tells each subscriber of the gap once more, so each catches up its own way.
 * Ended when the last subscriber closes.
 */
export class NotifyHub {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_FIRST_MS;
  private closed = false;
  /** Subscribers started and not closed. */
  private readonly subscribers = new Set<NotifyListener>();
  /** The channels `client` LISTENs on. */
  private readonly channels = new Set<string>();
  /** Subscribers told that their channel listens (`gap`), until the connection is lost. */
  private readonly hearing = new Set<NotifyListener>();
  /** The connection whose LISTENs are being sent (at most one round at a time). */
  private syncing: pg.Client | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A subscriber to `channel`; it asks for nothing until its `start()`. */
  listen(channel: string, handlers: NotifyHandlers): NotifyListener {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
    return new NotifyListener(this, channel, handlers);
  }

  hears(listener: NotifyListener): boolean {
    return this.hearing.has(listener);
  }

  subscribe(listener: NotifyListener): void {
    // Called on every signed-in request (the session cache): nothing to do once it hears.
    if (this.closed || this.hearing.has(listener)) return;
    this.subscribers.add(listener);
    if (this.client) void this.listenToAll(this.client);
    else if (!this.connecting && !this.reconnectTimer) {
      this.connecting = this.connect().finally(() => {
        this.connecting = undefined;
      });
    }
  }

  async unsubscribe(listener: NotifyListener): Promise<void> {
    this.subscribers.delete(listener);
    this.hearing.delete(listener);
    // No one left to tell: the connection is not kept for nobody.
    if (this.subscribers.size === 0) await this.disconnect();
  }

  /** Stops listening for good: the app is closing. */
  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    this.hearing.clear();
    await this.disconnect();
  }

  private async disconnect(): Promise<void> {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.reconnectDelay = RECONNECT_FIRST_MS;
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    this.channels.clear();
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    // The pool's own settings (address, credentials, timeouts), on a connection of its own:
    // LISTEN belongs to a session, which a pooled connection is not.
    const client = new pg.Client({
      ...this.db.$client.options,
      application_name: LISTEN_APPLICATION_NAME,
    });
    // Without an "error" listener a dropped connection would crash the process.
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => {
      if (client !== this.client) return;
      for (const listener of this.subscribers) {
        if (listener.channel === message.channel && this.hearing.has(listener)) {
          listener.handlers.notified(message.payload ?? "");
        }
      }
    });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      this.log.warn({ err: error }, "LISTEN: could not connect, retrying");
      this.scheduleReconnect();
      return;
    }
    if (this.closed || this.subscribers.size === 0) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.channels.clear();
    await this.listenToAll(client);
  }

  /**
   * LISTENs on every subscriber's channel not yet listened to, in rounds (a subscriber that
   * starts during one is taken in the next), and tells each subscriber whose channel listens
   * now of the gap: anything sent before this moment was not heard.
   */
  private async listenToAll(client: pg.Client): Promise<void> {
    if (this.syncing === client) return; // the round under way takes it in
    this.syncing = client;
    try {
      for (;;) {
        for (const listener of this.subscribers) {
          if (this.hearing.has(listener) || !this.channels.has(listener.channel)) continue;
          listener.handlers.gap();
          this.hearing.add(listener);
        }
        const missing = new Set<string>();
        for (const listener of this.subscribers) {
          if (!this.channels.has(listener.channel)) missing.add(listener.channel);
        }
        if (missing.size === 0) return;
        await client.query([...missing].map((channel) => `LISTEN ${channel}`).join("; "));
        if (client !== this.client) return;
        for (const channel of missing) this.channels.add(channel);
        this.reconnectDelay = RECONNECT_FIRST_MS;
      }
    } catch (error) {
      // The connection failed under it: ended, so `lost` reconnects and LISTENs on all again.
      this.log.warn({ err: error }, "LISTEN failed, reconnecting");
      await client.end().catch(() => {});
    } finally {
      if (this.syncing === client) this.syncing = undefined;
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.channels.clear();
    const told = [...this.hearing];
    this.hearing.clear();
    for (const listener of told) listener.handlers.gap();
    if (this.closed || this.subscribers.size === 0) return;
    this.log.warn({ err: error }, "LISTEN connection lost, reconnecting");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.subscribers.size === 0) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closed || this.client || this.connecting || this.subscribers.size === 0) return;
      this.connecting = this.connect().finally(() => {
        this.connecting = undefined;
      });
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }
}
