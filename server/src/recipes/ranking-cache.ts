import type { Ranking } from "./search-ranking.js";

/** How many rankings a server process keeps (each at most SEARCH_CANDIDATES ids and scores). */
const RANKINGS_KEPT = 500;

/**
 * The rankings of recent searches, least recently used dropped first. Requests for the same
 * words share one computation, also while it is still running. Ranking is the costly part of
 * a search (about 10 ms for a common word at 100,000 recipes); a page of a kept ranking is
 * one look-up by primary key. Each app has its own.
 */
export class SearchRankings {
  private readonly entries = new Map<string, Promise<Ranking>>();

  constructor(private readonly capacity = RANKINGS_KEPT) {}

  get(key: string, compute: () => Promise<Ranking>): Promise<Ranking> {
    let entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key); // re-inserted below as the most recently used
    } else {
      const computing = compute();
      computing.catch(() => this.forget(key, computing));
      entry = computing;
    }
    this.entries.set(key, entry);
    const oldest = this.entries.keys().next().value;
    if (this.entries.size > this.capacity && oldest !== undefined) this.entries.delete(oldest);
    return entry;
  }

  forget(key: string, entry: Promise<Ranking>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}
