import type { FastifyReply } from "fastify";

/**
 * Marks an answer that names things in the request's language (catalogue ingredients, units,
 * aisles: issue 37 §3): it depends on the cook's cookie and Accept-Language as well as the
 * address, so no shared cache may give one reader's copy to a reader of another language.
 */
export function varyByLanguage(reply: FastifyReply): void {
  const present = String(reply.getHeader("vary") ?? "");
  const names = present
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  for (const name of ["Cookie", "Accept-Language"]) {
    if (!names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  reply.header("vary", names.join(", "));
}
