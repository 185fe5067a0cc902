// npm run create-superuser -- --username NAME --email EMAIL [--password PASSWORD]
// Without --password it is read from SUPERUSER_PASSWORD or asked for on the terminal.
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../src/auth/passwords.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/open.js";
import { users } from "../src/db/schema.js";
import { loadReferenceData } from "../src/reference-data.js";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
  },
});
if (!values.username || !values.email) {
  console.error(
    "Usage: npm run create-superuser -- --username NAME --email EMAIL [--password PASSWORD]",
  );
  process.exit(2);
}
let password = values.password ?? process.env.SUPERUSER_PASSWORD;
if (!password) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  password = await prompt.question("Password: ");
  prompt.close();
}
if (password.length < 8) {
  console.error("The password must have at least 8 characters.");
  process.exit(2);
}

const database = await openDatabase(loadConfig(), {
  holder: "npm run create-superuser",
  referenceData: loadReferenceData,
  reuseRunning: true,
  poolSize: 1,
});
const passwordHash = await hashPassword(password);
const [existing] = await database.db
  .select({ id: users.id })
  .from(users)
  .where(eq(sql`lower(${users.username})`, values.username.toLowerCase()));
if (existing) {
  await database.db
    .update(users)
    .set({ isSuperuser: true, passwordHash })
    .where(eq(users.id, existing.id));
  console.log(`${values.username} already existed: now a superuser, with the new password.`);
} else {
  await database.db
    .insert(users)
    .values({ username: values.username, email: values.email, passwordHash, isSuperuser: true });
  console.log(`Superuser ${values.username} created.`);
}
await database.close();
