// A one-line progress bar for long scripts: percent, rows per second and time left. On a
// terminal it redraws itself in place; in a log file (no TTY) it prints a line at most every
// 10 seconds, so a background run's log stays readable.

const WIDTH = 30;

export const formatSeconds = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
};

export class ProgressBar {
  private readonly started = performance.now();
  private lastPrinted = 0;
  private readonly tty = Boolean(process.stdout.isTTY);

  /** `total` units of work (e.g. recipes), `alreadyDone` of them done by an earlier run. */
  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly alreadyDone: number,
  ) {}

  update(done: number): void {
    const now = performance.now();
    const finished = done >= this.total;
    if (!this.tty && !finished && now - this.lastPrinted < 10_000) return;
    this.lastPrinted = now;
    const seconds = (now - this.started) / 1000;
    const rate = (done - this.alreadyDone) / Math.max(seconds, 0.001);
    const fraction = this.total > 0 ? Math.min(1, done / this.total) : 1;
    const filled = Math.round(fraction * WIDTH);
    const eta = finished
      ? `took ${formatSeconds(seconds)}`
      : `ETA ${formatSeconds((this.total - done) / rate)}`;
    const line =
      `[${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ` +
      `${this.label}  ${Math.round(rate).toLocaleString("en-GB")}/s  ${eta}`;
    if (this.tty) process.stdout.write(`\r\x1b[2K${line}${finished ? "\n" : ""}`);
    else console.log(line);
  }
}
