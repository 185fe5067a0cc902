import { describe, expect, it } from "vitest";
import { SearchRankings } from "./ranking-cache.js";
import type { Ranking } from "./search-ranking.js";

const ranking = (generation: number): Ranking => ({
  generation,
  corrected: false,
  ids: [1],
  scores: [0.5],
});

describe("SearchRankings", () => {
  it("computes a ranking once for requests for the same words, even while it runs", async () => {
    const rankings = new SearchRankings(10);
    let computed = 0;
    const compute = async () => ranking(++computed);
    const [a, b] = await Promise.all([rankings.get("k", compute), rankings.get("k", compute)]);
    expect(await rankings.get("k", compute)).toBe(a);
    expect(b).toBe(a);
    expect(computed).toBe(1);
  });

  it("drops the least recently used ranking when full", async () => {
    const rankings = new SearchRankings(2);
    let computed = 0;
    const compute = async () => ranking(++computed);
    await rankings.get("a", compute);
    await rankings.get("b", compute);
    await rankings.get("a", compute); // a is now the most recently used
    await rankings.get("c", compute); // so b goes
    expect(computed).toBe(3);
    await rankings.get("a", compute);
    expect(computed).toBe(3);
    await rankings.get("b", compute);
    expect(computed).toBe(4);
  });

  it("forgets a failed or out-of-date computation, so the next request computes again", async () => {
    const rankings = new SearchRankings(10);
    await expect(
      rankings.get("k", async () => Promise.reject(new Error("down"))),
    ).rejects.toThrow();
    const first = rankings.get("k", async () => ranking(1));
    expect((await first).generation).toBe(1);
    rankings.forget("k", first);
    expect((await rankings.get("k", async () => ranking(2))).generation).toBe(2);
  });
});
