import path from "node:path";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { serverRoot } from "../paths.js";
import type { Db } from "./client.js";

export const migrationsFolder = path.join(serverRoot, "drizzle");

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
