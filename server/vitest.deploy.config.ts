import { defineConfig } from "vitest/config";

// Tests of a deployment (test/deploy/): the built server as processes, behind Debian's nginx.
// Not part of `npm test` (nginx is a system package); .ci/run runs them after it.
export default defineConfig({
  test: {
    include: ["test/deploy/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file at a time: each starts several servers on a 2-core machine.
    fileParallelism: false,
  },
});
