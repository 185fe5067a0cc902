// Import speed and memory for a 500-recipe Paprika file with pictures: skipped unless
// IMPORT_BENCH=1 (it takes a while and measures, it does not check).
//   IMPORT_BENCH=1 TEST_DATABASE_URL=... npx vitest run test/imports-bench.test.ts
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startBackgroundJobs } from "../src/background-jobs.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import { finished, paprikaArchive, upload } from "./import-fixtures.js";

const RECIPES = 500;

describe.runIf(process.env.IMPORT_BENCH === "1")("import speed", () => {
  it(
    `imports ${RECIPES} Paprika recipes with pictures`,
    async () => {
      const { app, db } = await createTestApp({ poolSize: 10 });
      await startBackgroundJobs(app);
      const { agent } = await signedIn(app, db);
      // Photos with grain (a flat colour would compress to nothing): 20 of them, taken in turn.
      const photos = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          sharp({
            create: {
              width: 1024,
              height: 768,
              channels: 3,
              background: "#808080",
              noise: { type: "gaussian", mean: 100 + index * 5, sigma: 12 },
            },
          })
            .jpeg({ quality: 80 })
            .toBuffer(),
        ),
      );
      const recipes = [];
      for (let index = 0; index < RECIPES; index += 1) {
        recipes.push({
          name: `Bench recipe ${index}`,
          ingredients:
            "250 g flour\n3 eggs\n500 ml milk\n1 pinch salt\n2 tbsp butter\na handful of herbs",
          directions: "Whisk.\n\nRest 30 minutes.\n\nFry.",
          servings: "4 servings",
          prep_time: "15 mins",
          cook_time: "20 mins",
          categories: ["Bench"],
          // A phone photo's size after Paprika shrinks it: 1024×768 JPEG.
          photo_data: photos[index % photos.length]?.toString("base64"),
        });
      }
      const file = await paprikaArchive(recipes);
      global.gc?.();
      let peak = process.memoryUsage().rss;
      const before = peak;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const started = performance.now();
      const { id } = (await upload(agent, file)).json();
      const result = await finished(agent, id, 30 * 60_000);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      console.log(
        JSON.stringify({
          recipes: result.imported,
          fileMB: Math.round((file.length / 1024 / 1024) * 10) / 10,
          seconds: Math.round(seconds * 10) / 10,
          recipesPerSecond: Math.round((result.imported / seconds) * 10) / 10,
          rssBeforeMB: Math.round(before / 1024 / 1024),
          peakRssMB: Math.round(peak / 1024 / 1024),
        }),
      );
      expect(result.imported).toBe(RECIPES);
    },
    30 * 60_000,
  );
});
