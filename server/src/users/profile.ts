import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { users } from "../db/schema.js";

/** The signed-in cook's own account, as their settings show it. */
export async function findProfile(db: Tx, userId: number) {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** Whether another account uses the address, ignoring case (one account per address). */
export async function emailTakenByOther(db: Tx, userId: number, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateProfile(
  db: Tx,
  userId: number,
  values: { email?: string; firstName?: string; lastName?: string },
) {
  if (Object.keys(values).length > 0)
    await db.update(users).set(values).where(eq(users.id, userId));
}
