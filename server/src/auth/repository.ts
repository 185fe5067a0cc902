import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { follows, termsAcceptances, users } from "../db/schema.js";

export async function findUserForLogin(db: Tx, username: string) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      isSuperuser: users.isSuperuser,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return user;
}

export async function followCounts(db: Tx, userId: number) {
  const [row] = await db
    .select({
      followerCount: sql<number>`(select count(*) from ${follows} where ${follows.followeeId} = ${userId})`,
      followingCount: sql<number>`(select count(*) from ${follows} where ${follows.followerId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return {
    follower_count: Number(row?.followerCount ?? 0),
    following_count: Number(row?.followingCount ?? 0),
  };
}

export async function usernameOrEmailTaken(db: Tx, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      sql`lower(${users.username}) = ${username.toLowerCase()} or lower(${users.email}) = ${email.toLowerCase()}`,
    );
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

/**
 * Creates the account with its acceptance of the given Terms of Service version, both or
 * neither: call it inside the signup's transaction.
 */
export async function createUser(
  tx: Tx,
  values: {
    username: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
  },
  termsVersionId: number,
) {
  const [created] = await tx
    .insert(users)
    .values(values)
    .returning({ id: users.id, username: users.username, email: users.email });
  if (!created) throw new Error("insert returned no row");
  await tx.insert(termsAcceptances).values({ userId: created.id, termsVersionId });
  return created;
}
