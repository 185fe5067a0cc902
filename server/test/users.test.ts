import { describe, expect, it } from "vitest";
import { buildUser, signedIn, TEST_PASSWORD, type TestUser } from "./factories.js";
import { Agent, createTestApp } from "./helper.js";

const { app, db } = await createTestApp();

interface Person {
  id: number;
  username: string;
  is_following: boolean;
}
interface Page {
  next: string | null;
  previous: string | null;
  results: Person[];
}

const relative = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");

async function readAll(agent: Agent, firstUrl: string): Promise<Person[][]> {
  const pages: Person[][] = [];
  let url: string | null = firstUrl;
  while (url) {
    const response = await agent.get(relative(url));
    expect(response.statusCode).toBe(200);
    const page: Page = response.json();
    pages.push(page.results);
    url = page.next;
    expect(pages.length).toBeLessThan(500);
  }
  return pages;
}

async function counts(agent: Agent) {
  const { user } = (await agent.get("/api/auth/status/")).json();
  return [user.follower_count, user.following_count];
}

describe("follow and unfollow", () => {
  it("follows once, says so again, and the counts follow", async () => {
    const { agent } = await signedIn(app, db);
    const { user: cook, agent: cookAgent } = await signedIn(app, db);

    const first = await agent.post(`/api/users/${cook.id}/follow/`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: `Successfully followed ${cook.username}.` });
    const again = await agent.post(`/api/users/${cook.id}/follow/`);
    expect(again.statusCode).toBe(200);
    expect(await counts(agent)).toEqual([0, 1]);
    expect(await counts(cookAgent)).toEqual([1, 0]);

    expect((await agent.delete(`/api/users/${cook.id}/follow/`)).statusCode).toBe(204);
    expect((await agent.delete(`/api/users/${cook.id}/follow/`)).statusCode).toBe(204);
    expect(await counts(agent)).toEqual([0, 0]);
    expect(await counts(cookAgent)).toEqual([0, 0]);
  });

  it("keeps the counts right when a block or a deleted account removes follows", async () => {
    const { user: cook, agent: cookAgent } = await signedIn(app, db);
    const { agent: fan } = await signedIn(app, db);
    const { user: leaver, agent: leaverAgent } = await signedIn(app, db);
    // Read first: the counts are cached with the session, and a change must reach the cache.
    expect(await counts(cookAgent)).toEqual([0, 0]);
    expect((await fan.post(`/api/users/${cook.id}/follow/`)).statusCode).toBe(201);
    expect((await leaverAgent.post(`/api/users/${cook.id}/follow/`)).statusCode).toBe(201);
    expect((await cookAgent.post(`/api/users/${leaver.id}/follow/`)).statusCode).toBe(201);
    expect(await counts(cookAgent)).toEqual([2, 1]);

    const fanName = (await fan.get("/api/auth/status/")).json().user.username;
    expect((await cookAgent.post(`/api/users/${fanName}/block/`)).statusCode).toBe(204);
    expect(await counts(cookAgent)).toEqual([1, 1]);
    expect(await counts(fan)).toEqual([0, 0]);

    const gone = await leaverAgent.request("DELETE", "/api/users/me/", {
      password: TEST_PASSWORD,
    });
    expect(gone.statusCode).toBe(204);
    // The deletion's cascade tells other cooks' cached sessions by NOTIFY, a moment later.
    await expect.poll(() => counts(cookAgent)).toEqual([0, 0]);
  });

  it("refuses to follow yourself or nobody", async () => {
    const { user, agent } = await signedIn(app, db);
    const self = await agent.post(`/api/users/${user.id}/follow/`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: "You cannot follow yourself." });
    const nobody = await agent.post("/api/users/987654321/follow/");
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ detail: "Not found." });
    expect((await agent.delete("/api/users/987654321/follow/")).statusCode).toBe(404);
    expect((await agent.post("/api/users/abc/follow/")).statusCode).toBe(400);
    expect(await counts(agent)).toEqual([0, 0]);
  });

  it("needs a signed-in user and the CSRF token", async () => {
    const cook = await buildUser(db);
    const anonymous = new Agent(app);
    expect((await anonymous.post(`/api/users/${cook.id}/follow/`)).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/users/${cook.id}/follow/`)).statusCode).toBe(401);
    expect((await anonymous.get("/api/users/search/?query=co")).statusCode).toBe(401);
    expect((await anonymous.get("/api/users/followers/")).statusCode).toBe(401);
    expect((await anonymous.get("/api/users/following/")).statusCode).toBe(401);
    const { agent } = await signedIn(app, db);
    const noToken = await agent.post(`/api/users/${cook.id}/follow/`, undefined, { csrf: "omit" });
    expect(noToken.statusCode).toBe(403);
  });
});

describe("followers and following", () => {
  it("lists both sides by name, paginated, with whether I follow each back", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const tag = Math.random().toString(36).slice(2, 6);
    const people: { user: TestUser; agent: Agent }[] = [];
    for (const name of ["Carol", "alice", "Bob", "dave"]) {
      people.push(await signedIn(app, db, { username: `${name}_${tag}` }));
    }
    const [carol, alice, bob, dave] = people.map((p) => p.user) as TestUser[];
    // alice, Bob and Carol follow me; I follow Bob back and also follow dave
    for (const person of people.slice(0, 3)) {
      await person.agent.post(`/api/users/${me.id}/follow/`);
    }
    await agent.post(`/api/users/${bob?.id}/follow/`);
    await agent.post(`/api/users/${dave?.id}/follow/`);

    const followers = await readAll(agent, "/api/users/followers/?limit=2");
    expect(followers.map((page) => page.length)).toEqual([2, 1]);
    expect(followers.flat()).toEqual([
      {
        id: alice?.id,
        username: alice?.username,
        first_name: "",
        is_following: false,
        is_blocked: false,
      },
      {
        id: bob?.id,
        username: bob?.username,
        first_name: "",
        is_following: true,
        is_blocked: false,
      },
      {
        id: carol?.id,
        username: carol?.username,
        first_name: "",
        is_following: false,
        is_blocked: false,
      },
    ]);
    const following = await readAll(agent, "/api/users/following/?limit=1");
    expect(following.flat()).toEqual([
      {
        id: bob?.id,
        username: bob?.username,
        first_name: "",
        is_following: true,
        is_blocked: false,
      },
      {
        id: dave?.id,
        username: dave?.username,
        first_name: "",
        is_following: true,
        is_blocked: false,
      },
    ]);
    expect(await counts(agent)).toEqual([3, 2]);
  });
});

describe("GET /api/users/search/", () => {
  it("matches any part of a username regardless of case, best matches first, never me", async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 6)}`;
    const { agent } = await signedIn(app, db, { username: `${tag}_me` });
    const exact = await buildUser(db, { username: `${tag}` });
    const prefix = await buildUser(db, { username: `${tag.toUpperCase()}_Baker` });
    const inside = await buildUser(db, { username: `the_${tag}_cook` });
    await buildUser(db, { username: `unrelated_${Math.random().toString(36).slice(2, 6)}` });
    await agent.post(`/api/users/${inside.id}/follow/`);

    const response = await agent.get(`/api/users/search/?query=${tag.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    const page: Page = response.json();
    expect(page.results).toEqual([
      {
        id: exact.id,
        username: exact.username,
        first_name: "",
        is_following: false,
        is_blocked: false,
      },
      {
        id: prefix.id,
        username: prefix.username,
        first_name: "",
        is_following: false,
        is_blocked: false,
      },
      {
        id: inside.id,
        username: inside.username,
        first_name: "",
        is_following: true,
        is_blocked: false,
      },
    ]);
    expect(page.next).toBeNull();

    // the same order, one per page, through the absolute next URLs
    const pages = await readAll(agent, `/api/users/search/?query=${tag}&limit=1`);
    expect(pages.flat().map((p) => p.id)).toEqual([exact.id, prefix.id, inside.id]);
    expect(pages).toHaveLength(3);
  });

  it("treats % and _ as plain characters", async () => {
    const { agent } = await signedIn(app, db);
    const tag = Math.random().toString(36).slice(2, 6);
    const underscored = await buildUser(db, { username: `a_b${tag}` });
    await buildUser(db, { username: `axb${tag}` });
    const results = (await agent.get(`/api/users/search/?query=a_b${tag}`)).json<Page>().results;
    expect(results.map((p) => p.id)).toEqual([underscored.id]);
    const percent = (await agent.get("/api/users/search/?query=%25")).json<Page>().results;
    expect(percent).toEqual([]);
  });

  it("suggests followers first, then people my followees follow, then everyone else", async () => {
    const { user: me, agent } = await signedIn(app, db);
    const make = () => signedIn(app, db);
    const fan = await make(); // follows me, I don't follow back
    const mutual = await make(); // we follow each other: not suggested
    const friendA = await make();
    const friendB = await make();
    const popular = (await make()).user; // followed by both my friends
    const niche = (await make()).user; // followed by one friend
    const stranger = (await make()).user;

    await fan.agent.post(`/api/users/${me.id}/follow/`);
    await mutual.agent.post(`/api/users/${me.id}/follow/`);
    await agent.post(`/api/users/${mutual.user.id}/follow/`);
    await agent.post(`/api/users/${friendA.user.id}/follow/`);
    await agent.post(`/api/users/${friendB.user.id}/follow/`);
    await friendA.agent.post(`/api/users/${popular.id}/follow/`);
    await friendB.agent.post(`/api/users/${popular.id}/follow/`);
    await friendB.agent.post(`/api/users/${niche.id}/follow/`);
    await friendB.agent.post(`/api/users/${me.id}/follow/`); // a follower I do follow back

    const pages = await readAll(agent, "/api/users/search/?query=&limit=3");
    const everyone = pages.flat();
    const ids = everyone.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length); // no one twice across pages
    expect(ids).not.toContain(me.id);
    expect(ids).not.toContain(mutual.user.id);
    expect(ids).not.toContain(friendA.user.id);
    expect(ids.slice(0, 3)).toEqual([fan.user.id, popular.id, niche.id]);
    expect(ids).toContain(stranger.id);
    expect(everyone.every((p) => !p.is_following)).toBe(true);

    // an absent query means the same as an empty one
    const firstPage = (await agent.get("/api/users/search/?limit=3")).json<Page>();
    expect(firstPage.results.map((p) => p.id)).toEqual(ids.slice(0, 3));
  });
});
