import { describe, expect, it } from "vitest";
import countedNames from "../src/ingredients/data/counted.json" with { type: "json" };
import catalogue from "../src/ingredients/data/ingredients.json" with { type: "json" };
import { signedIn } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();
const anonymous = new Agent(app);

const search = async (text: string, limit = 25) => {
  const response = await anonymous.get(
    `/api/ingredients/ingredients/?search=${encodeURIComponent(text)}&limit=${limit}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<{
    next: string | null;
    results: { id: number; name: string; counted: boolean }[];
  }>();
};
const names = async (text: string, limit = 25) =>
  (await search(text, limit)).results.map((i) => i.name);

describe("GET /api/ingredients/units/", () => {
  it("lists every unit for anyone", async () => {
    const response = await anonymous.get("/api/ingredients/units/");
    expect(response.statusCode).toBe(200);
    const units = response.json<{ id: number; name: string }[]>();
    expect(units.length).toBe(45);
    expect(units.map((u) => u.name)).toEqual(
      expect.arrayContaining(["g", "cup", "clove", "pinch"]),
    );
  });
});

describe("GET /api/ingredients/ingredients/?search=", () => {
  it("puts the exact name first, then names with the text as a whole word", async () => {
    const found = await names("egg");
    expect(found[0]).toBe("Egg");
    const wholeWord = found.slice(1, 5);
    for (const name of wholeWord) expect(name.toLowerCase()).toMatch(/\begg\b/);
    // names where the text only starts a word come after the whole-word matches (issue 22)
    expect(found.indexOf("Quail egg")).toBeLessThan(found.indexOf("Eggplant"));
  });

  it("ranks a word that starts with the text before a match inside a word", async () => {
    const found = await names("milk", 50);
    expect(found[0]).toBe("Milk");
    expect(found.indexOf("Whole milk")).toBeLessThan(found.indexOf("Buttermilk"));
  });

  it("ignores case and accents both ways", async () => {
    expect(await names("CREME FRAICHE")).toContain("Crème fraîche");
    expect(await names("jalapeno")).toEqual(
      expect.arrayContaining(["Jalapeño", "Pickled jalapeño"]),
    );
    expect(await names("purée")).toContain("Pumpkin purée");
  });

  it("tolerates a small typo", async () => {
    expect(await names("chiken")).toContain("Chicken");
    expect(await names("tahni")).toContain("Tahini");
    expect(await names("parmesan chese")).toEqual(
      expect.arrayContaining([expect.stringMatching(/parmesan/i)]),
    );
  });

  it("treats regular-expression and LIKE characters as plain text", async () => {
    for (const text of ["(.*", "%_", "a\\", "[a-z]", "++"]) {
      const response = await anonymous.get(
        `/api/ingredients/ingredients/?search=${encodeURIComponent(text)}`,
      );
      expect(response.statusCode, text).toBe(200);
    }
    expect(await names("%%")).toEqual([]);
  });

  it("pages through the matches without repeats or gaps", async () => {
    const everything = (await search("on", 100)).results.map((i) => i.id);
    const paged: number[] = [];
    let url: string | null = "/api/ingredients/ingredients/?search=on&limit=7";
    while (url) {
      const response = await anonymous.get(url);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ next: string | null; results: { id: number }[] }>();
      paged.push(...page.results.map((i) => i.id));
      url = page.next;
      if (paged.length > 200) break;
    }
    expect(paged.slice(0, everything.length)).toEqual(everything);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it("needs at least 2 characters", async () => {
    const response = await anonymous.get("/api/ingredients/ingredients/?search=a");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ search: ["Enter at least 2 characters."] });
  });

  it("rejects a forged cursor with a 400", async () => {
    const cursor = Buffer.from(JSON.stringify(["x", "y", 1, 2])).toString("base64url");
    const response = await anonymous.get(
      `/api/ingredients/ingredients/?search=egg&cursor=${cursor}`,
    );
    expect(response.statusCode).toBe(400);
  });
});

describe("which ingredients are usually counted (issue 35 §2)", () => {
  const first = async (text: string) => (await search(text)).results[0];

  it("says so in the search, so the recipe form starts a counted one at a count", async () => {
    expect(await first("egg")).toMatchObject({ name: "Egg", counted: true });
    expect(await first("lemon")).toMatchObject({ name: "Lemon", counted: true });
    expect(await first("onion")).toMatchObject({ name: "Onion", counted: true });
    expect(await first("all-purpose flour")).toMatchObject({ counted: false });
    expect(await first("garlic")).toMatchObject({ name: "Garlic", counted: false });
    expect(await first("milk")).toMatchObject({ counted: false });
  });

  it("names only catalogue ingredients, each once", () => {
    const known = new Set(catalogue);
    expect(countedNames.filter((name) => !known.has(name))).toEqual([]);
    expect(new Set(countedNames).size).toBe(countedNames.length);
  });
});

describe("POST /api/ingredients/ingredients/", () => {
  it("adds a missing ingredient, trimmed, and finds it afterwards", async () => {
    const { agent } = await signedIn(app, db);
    const response = await agent.post("/api/ingredients/ingredients/", { name: "  Yuzu   kosho " });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), name: "Yuzu kosho", counted: false });
    expect(await names("yuzu ko")).toContain("Yuzu kosho");
  });

  it("returns the existing ingredient for a name that differs only in case", async () => {
    const { agent } = await signedIn(app, db);
    const [egg] = (await search("egg")).results;
    const response = await agent.post("/api/ingredients/ingredients/", { name: "EGG" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(egg);
  });

  it("makes one ingredient when two people add the same name at once", async () => {
    const [a, b] = await Promise.all([signedIn(app, db), signedIn(app, db)]);
    const responses = await Promise.all([
      a.agent.post("/api/ingredients/ingredients/", { name: "Sansho pepper" }),
      b.agent.post("/api/ingredients/ingredients/", { name: "sansho pepper" }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(responses[0]?.json().id).toBe(responses[1]?.json().id);
  });

  it("refuses a blank or overlong name", async () => {
    const { agent } = await signedIn(app, db);
    const blank = await agent.post("/api/ingredients/ingredients/", { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ["This field may not be blank."] });
    const long = await agent.post("/api/ingredients/ingredients/", { name: "x".repeat(101) });
    expect(long.statusCode).toBe(400);
  });

  it("needs a signed-in user", async () => {
    const response = await new Agent(app).post("/api/ingredients/ingredients/", { name: "Natto" });
    expect(response.statusCode).toBe(401);
  });

  it("lets one user add 30 ingredients an hour, counting only those new to the catalogue", async () => {
    const { agent } = await signedIn(app, db);
    const add = (name: string) => agent.post("/api/ingredients/ingredients/", { name });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      // Naming an ingredient that exists adds nothing to the catalogue: not counted.
      statuses.push((await add("Egg")).statusCode);
      statuses.push((await add(`Limit test spice ${i}`)).statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const refused = await add("One spice too many");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: "Too many attempts. Please try again later." });
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(await names("one spice too")).not.toContain("One spice too many");
    // Someone else may still add theirs.
    const other = await signedIn(app, db);
    const response = await other.agent.post("/api/ingredients/ingredients/", {
      name: "One spice too many",
    });
    expect(response.statusCode).toBe(201);
  });
});
