import { writeFileSync } from "node:fs";
import { it } from "vitest";
import { createTestApp } from "./helper.js";
it("dump", async () => {
  const { app } = await createTestApp();
  const r = await app.inject("/api/openapi.json");
  console.log(r.statusCode, r.body.slice(0, 300));
  writeFileSync("/tmp/openapi.json", JSON.stringify(JSON.parse(r.body), null, 1));
  for (const u of ["/api/docs", "/api/docs/", "/api/docs/init.js", "/api/docs/swagger-ui-bundle.js", "/api/docs/x"]) {
    const d = await app.inject(u);
    console.log(u, d.statusCode, d.headers["content-type"], d.body.length);
  }
});
