import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Deployment tests need Debian's nginx: vitest.deploy.config.ts, run by .ci/run.
    exclude: ["test/deploy/**", "**/node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
