import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import { PgBoss } from "pg-boss";

// Background work (bulk imports; mail later) as jobs in PostgreSQL, run by pg-boss (decision
// 25): any app process may send a job and every app process works them, each job taken by one
// process at a time (SELECT … FOR UPDATE SKIP LOCKED). A job whose process stops is retried:
// on an orderly stop at once (its handler is told to stop through its signal and throws), and
// after a kill once its heartbeat is overdue. So a handler must be able to run again from the
// start and carry on where the last run was: it keeps its progress in our own tables.

/** How a kind of job runs. One definition per kind, exported by the feature that owns it. */
export interface JobKind<Data extends object> {
  /** The queue's name in pg-boss (letters, digits, - and _). */
  name: string;
  /** Jobs sent with the same `key` run one at a time, in any process (pg-boss's singleton). */
  oneAtATimePerKey?: boolean;
  /**
   * Runs again this many times after a failure (a thrown error, a stop, a process gone), with
   * growing delays; then it fails for good and `onGiveUp` runs.
   */
  retries: number;
  /** The longest one run may take; past it the run counts as failed (at most 24 h). */
  maxRunSeconds: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
  /** Marks the jobs a type: never called. */
  readonly data?: Data;
}

export interface RunningJob<Data extends object> {
  id: string;
  data: Data;
  /** Aborted when this process stops or the job was taken from it: stop soon, then throw. */
  signal: AbortSignal;
  /** 0 on the first run, then one more on each retry. */
  retryCount: number;
  /** This run is the last one a failure leaves. */
  lastTry: boolean;
}

export type JobHandler<Data extends object> = (job: RunningJob<Data>) => Promise<void>;

/** The error a handler throws when it stopped because `signal` was aborted. */
export class JobInterrupted extends Error {
  constructor() {
    super("interrupted: the job runs again where it was");
  }
}

/** A dead process's job is retried once its heartbeat (sent every half of this) is overdue. */
const HEARTBEAT_SECONDS = 30;
/** How often an idle process looks for jobs. */
const POLLING_SECONDS = 2;

/**
 * The job queue of one app process, on the process's own connection pool (no pool of its
 * own, and no connection held for LISTEN: workers poll). Nothing touches the database before
 * the first `send` or `work`, so a process (or a test) that never uses jobs costs nothing;
 * the first creates pg-boss's schema (`pgboss`) when it is missing, once across processes.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private starting: Promise<void> | undefined;
  private readonly queues = new Map<string, Promise<void>>();
  /** This process's pg-boss worker ids, by queue name. */
  private readonly workers = new Map<string, string[]>();
  /** Aborted at `stop()`: every running handler's signal. */
  private readonly stopping = new AbortController();

  constructor(
    pool: pg.Pool,
    log: Pick<FastifyBaseLogger, "error" | "warn">,
    private readonly stopTimeoutMs = 10_000,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      // The instance registry writes a row every 30 s per process: nothing here reads it.
      registerInstance: false,
    });
    this.boss.on("error", (error) => log.error({ err: error }, "job queue error"));
    this.boss.on("warning", (warning) => log.warn({ warning }, "job queue warning"));
  }

  /** Puts a job on the queue; returns its id. */
  async send<Data extends object>(
    kind: JobKind<Data>,
    data: Data,
    options: { key?: string } = {},
  ): Promise<string> {
    await this.queue(kind);
    const id = await this.boss.send(kind.name, data, {
      ...(options.key !== undefined ? { singletonKey: options.key } : {}),
    });
    if (!id) throw new Error(`job queue ${kind.name} refused a job`);
    // This process's own workers of the kind start it now rather than at their next poll.
    for (const worker of this.workers.get(kind.name) ?? []) this.boss.notifyWorker(worker);
    return id;
  }

  /**
   * Starts working jobs of this kind in this process, until `stop()`: `concurrency` workers,
   * each polling every POLLING_SECONDS while idle, and fetching the next job at once after one
   * (pg-boss would otherwise wait a poll between jobs: twelve mails took 24 s).
   */
  async work<Data extends object>(kind: JobKind<Data>, handler: JobHandler<Data>): Promise<void> {
    await this.queue(kind);
    const workers = this.workers.get(kind.name) ?? [];
    this.workers.set(kind.name, workers);
    for (let i = 0; i < kind.concurrency; i++) {
      // Known once work() answers; its first fetch may already be running by then.
      let worker: string | undefined;
      worker = await this.boss.work<Data>(
        kind.name,
        { pollingIntervalSeconds: POLLING_SECONDS, localConcurrency: 1, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          try {
            await handler({
              id: job.id,
              data: job.data,
              signal: AbortSignal.any([job.signal, this.stopping.signal]),
              retryCount: job.retryCount,
              lastTry: job.retryCount >= kind.retries,
            });
          } finally {
            // There may be more: look again as soon as this one is done.
            if (worker) this.boss.notifyWorker(worker);
          }
        },
      );
      workers.push(worker);
    }
  }

  /**
   * Sends a job of this kind on a cron schedule (UTC), one per occurrence across all processes
   * (pg-boss keeps the schedule in its tables; calling it again with the same cron is a no-op).
   */
  async schedule<Data extends object>(
    kind: JobKind<Data>,
    cron: string,
    data: Data,
  ): Promise<void> {
    await this.queue(kind);
    await this.boss.schedule(kind.name, cron, data);
  }

  /**
   * Stops working: running handlers are told through their signal and have `stopTimeoutMs` to
   * return; a job they leave unfinished is retried by whichever process works next. The pool
   * stays open (it is the process's).
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (!this.starting) return;
    await this.starting.catch(() => {});
    await this.boss.stop({ graceful: true, timeout: this.stopTimeoutMs, close: false });
  }

  private start(): Promise<void> {
    if (!this.starting) {
      const starting = this.boss.start().then(() => {});
      // A failed start (the database away) is tried again by the next caller.
      starting.catch(() => {
        if (this.starting === starting) this.starting = undefined;
      });
      this.starting = starting;
    }
    return this.starting;
  }

  private queue(kind: JobKind<object>): Promise<void> {
    let created = this.queues.get(kind.name);
    if (!created) {
      created = this.start().then(() =>
        this.boss.createQueue(kind.name, {
          policy: kind.oneAtATimePerKey ? "singleton" : "standard",
          retryLimit: kind.retries,
          retryBackoff: true,
          retryDelay: 1,
          retryDelayMax: 60,
          expireInSeconds: kind.maxRunSeconds,
          heartbeatSeconds: HEARTBEAT_SECONDS,
        }),
      );
      // A failure (the database away) is tried again by the next caller.
      created.catch(() => this.queues.delete(kind.name));
      this.queues.set(kind.name, created);
    }
    return created;
  }
}
