import { hash, verify } from "@node-rs/argon2";
import { COMMON_PASSWORDS } from "./common-passwords.js";

// OWASP's first recommendation for Argon2id: 19 MiB memory, 2 iterations, 1 lane.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verified against when the username is unknown, so both failures take the same time.
const DUMMY_HASH = hash("not-a-real-password", OPTIONS);

export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (storedHash === undefined) {
    await verify(await DUMMY_HASH, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** The signup password rules; returns the messages that apply (none: the password is fine). */
export function passwordProblems(password: string, username: string, email: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) {
    problems.push("This password is too short. It must contain at least 8 characters.");
  }
  const lower = password.toLowerCase();
  const emailName = email.split("@")[0]?.toLowerCase() ?? "";
  if (lower === username.toLowerCase() || (emailName.length > 0 && lower === emailName)) {
    problems.push("The password is too similar to the username.");
  }
  if (COMMON_PASSWORDS.has(lower)) problems.push("This password is too common.");
  if (/^\d+$/.test(password)) problems.push("This password is entirely numeric.");
  return problems;
}
