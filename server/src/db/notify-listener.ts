import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Db } from "./client.js";

const RECONNECT_FIRST_MS = 200;
const RECONNECT_MAX_MS = 10_000;

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
 * One connection that LISTENs on one channel, connected on the first `start()` and from then
 * on kept: when it is lost (the database restarted, pg_terminate_backend, a network cut the
 * socket noticed) it reconnects with backoff until `close()`. `listening` says whether a
 * NOTIFY sent now will be heard; callers must not rely on NOTIFYs while it is false.
 */
export class NotifyListener {
  private client: pg.Client | undefined;
  private listeningNow = false;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_FIRST_MS;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly handlers: NotifyHandlers,
    private readonly log: FastifyBaseLogger,
  ) {}

  get listening(): boolean {
    return this.listeningNow;
  }

  /** Starts connecting unless it listens or is on its way there; never waits, never throws. */
  start(): void {
    if (this.closed || this.client || this.connecting || this.reconnectTimer) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = undefined;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    this.listeningNow = false;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    // The pool's own settings (address, credentials, timeouts), on a connection of its own:
    // LISTEN belongs to a session, which a pooled connection is not.
    const client = new pg.Client({
      ...this.db.$client.options,
      application_name: `potluck-${this.channel}`,
    });
    // Without an "error" listener a dropped connection would crash the process.
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    client.on("notification", (message) => {
      if (client === this.client) this.handlers.notified(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      this.log.warn({ err: error }, `${this.channel}: could not LISTEN, retrying`);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_FIRST_MS;
    // Anything sent before this moment was not heard.
    this.handlers.gap();
    this.listeningNow = true;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.listeningNow = false;
    this.handlers.gap();
    if (this.closed) return;
    this.log.warn({ err: error }, `${this.channel}: LISTEN connection lost, reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.start();
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }
}
