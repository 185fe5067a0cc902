import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // Deployment tests need Debian's nginx: vitest.deploy.config.ts, run by .ci/run.
    exclude: ["test/deploy/**", "**/node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    // A worker keeps the modules it has loaded from one test file to the next: importing the app
    // afresh for every file took a third of the suite's time (127 of 475 s). Each file still
    // builds its own app on its own database (test/helper.ts), and no module keeps per-test state.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
