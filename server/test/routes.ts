import type { FastifyInstance } from "fastify";

export interface Route {
  method: string;
  url: string;
}

/**
 * Every route, from Fastify's own listing (`printRoutes` draws the routing tree: a line is a
 * node, its path the concatenation of its ancestors', and its methods in parentheses).
 */
export function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    if (line.trim() === "") continue;
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected line in printRoutes: ${line}`);
    const depth = (match[1] ?? "").length / 4;
    const url = (stack[depth - 1] ?? "") + match[2];
    stack[depth] = url;
    for (const method of match[3]?.split(", ") ?? []) routes.push({ method, url });
  }
  return routes;
}
