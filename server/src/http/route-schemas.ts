import type { FastifyInstance, RouteOptions } from "fastify";
import type { ZodObject } from "zod";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The form fields of a multipart/form-data body, which the zod type provider cannot
     * validate: the handler reads the parts and checks them itself; this schema describes
     * them in the OpenAPI document and stands for the body schema in the check below.
     */
    multipart?: ZodObject;
    /** A write that reads no body at all (sign out, follow, like). */
    noBody?: true;
    /** Why the route answers without a JSON body to describe (an event stream, HTML, files). */
    noJsonResponse?: string;
    /** The media type of such an answer, for the OpenAPI document (default text/event-stream). */
    responseMediaType?: string;
  }
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/**
 * What an /api route leaves undescribed, for the OpenAPI document and for validation: a
 * response schema for a success status, a body schema on a write (or `config.multipart`, or
 * `config.noBody`), a params schema when its path has parameters. Empty when nothing is.
 */
export function schemaProblems(
  route: Pick<RouteOptions, "method" | "url" | "schema" | "config">,
): string[] {
  const config = route.config ?? {};
  const schema = route.schema ?? {};
  const methods = [route.method].flat();
  const problems: string[] = [];
  if (!config.noJsonResponse) {
    const statuses = Object.keys((schema.response as object | undefined) ?? {});
    if (!statuses.some((status) => /^2(\d\d|xx)$/i.test(status))) {
      problems.push("no response schema for a success status");
    }
  }
  if (
    methods.some((method) => BODY_METHODS.has(method)) &&
    !schema.body &&
    !config.multipart &&
    !config.noBody
  ) {
    problems.push("no body schema");
  }
  if (/[:*]/.test(route.url) && !schema.params) problems.push("no params schema");
  return problems;
}

/**
 * Watches the /api routes as they are added; the returned function throws, listing every
 * route that lacks a schema by method and path, so the server (and every test) fails at start.
 */
export function watchRouteSchemas(app: FastifyInstance): () => void {
  const offenders: string[] = [];
  app.addHook("onRoute", (route) => {
    // HEAD routes are their GET's, added by Fastify with the same schema.
    if (!route.url.startsWith("/api/") || route.method === "HEAD") return;
    const problems = schemaProblems(route);
    if (problems.length > 0) {
      offenders.push(`${[route.method].flat().join(",")} ${route.url}: ${problems.join("; ")}`);
    }
  });
  return () => {
    if (offenders.length > 0) {
      throw new Error(`API routes without schemas:\n  ${offenders.join("\n  ")}`);
    }
  };
}
