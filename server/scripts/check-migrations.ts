// CI guard: fails when src/db/schema.ts changed without a generated migration.
// Generates into a scratch copy of drizzle/ and checks that nothing new appears.
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const scratch = mkdtempSync(path.join(os.tmpdir(), "potluck-migrations-"));
try {
  cpSync("drizzle", scratch, { recursive: true });
  const before = readdirSync(scratch).length;
  execFileSync(
    "npx",
    [
      "drizzle-kit",
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "./src/db/schema.ts",
      "--out",
      scratch,
    ],
    { stdio: "pipe" },
  );
  if (readdirSync(scratch).length !== before) {
    console.error(
      "The schema changed without a migration: run `npm run db:generate` and commit it.",
    );
    process.exit(1);
  }
  console.log("Migrations are up to date with the schema.");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
