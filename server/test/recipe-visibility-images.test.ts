// Issue 23: a picture of a recipe the caller may not read is a 404 from a bucket too, and with
// S3_PUBLIC_URL only public recipes' pictures point at the bucket; the others are served by
// the app, which asks the recipe policy (media/serve.ts). The local disk is in
// recipe-visibility.test.ts.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { multipartBody } from "../src/http/inject-agent.js";
import { signedIn } from "./factories.js";
import { Agent, type Agent as AgentType, createTestApp } from "./helper.js";
import { startTestBucket } from "./s3-server.js";

const bucket = await startTestBucket();
const setups = [
  { storage: "a bucket, streamed by the app", env: bucket.env, publicUrl: undefined },
  {
    storage: "a bucket behind S3_PUBLIC_URL",
    env: { ...bucket.env, S3_PUBLIC_URL: bucket.publicUrl },
    publicUrl: bucket.publicUrl,
  },
];

const jpeg = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: "#264653" } })
    .jpeg()
    .toBuffer();

async function createRecipe(agent: AgentType, visibility: string) {
  const body = multipartBody({
    title: "Fig tart",
    content: "<p>Bake.</p>",
    visibility,
    image: { filename: "a.jpg", contentType: "image/jpeg", data: await jpeg() },
  });
  const response = await agent.raw("POST", "/api/recipes/recipes/", body.payload, body.contentType);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; image: string; image_card: string }>();
}

for (const setup of setups) {
  describe(`pictures of recipes that are not public, on ${setup.storage}`, async () => {
    const { app, db } = await createTestApp({ env: setup.env });
    const author = await signedIn(app, db);
    const follower = await signedIn(app, db);
    const stranger = await signedIn(app, db);
    await follower.agent.post(`/api/users/${author.user.id}/follow/`);

    it("are served by the app to who may read the recipe, and a 404 to anyone else", async () => {
      for (const visibility of ["followers", "private"]) {
        const recipe = await createRecipe(author.agent, visibility);
        for (const url of [recipe.image, recipe.image_card]) {
          expect(url).toMatch(/^\/media\/recipes\/.+\.webp$/);
          const status = async (agent: AgentType) => (await agent.get(url)).statusCode;
          expect([
            await status(author.agent),
            await status(follower.agent),
            await status(stranger.agent),
            await status(new Agent(app)),
          ]).toEqual(visibility === "followers" ? [200, 200, 404, 404] : [200, 404, 404, 404]);
          const seen = await author.agent.get(url);
          expect(seen.headers["cache-control"]).toBe("private, no-cache");
        }
      }
    });

    it("of a public recipe keep their address and year-long caching", async () => {
      const recipe = await createRecipe(author.agent, "public");
      if (setup.publicUrl) expect(recipe.image.startsWith(setup.publicUrl)).toBe(true);
      else {
        const response = await new Agent(app).get(recipe.image);
        expect(response.statusCode).toBe(200);
        expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      }
    });
  });
}
