import type { FastifyInstance } from "fastify";

export interface Route {
  method: string;
  url: string;
}

/**
 * Every route, from Fastify's own listing (`printRoutes` draws the routing tree: a line is a
 * node, its path the concatenation of its ancestors', and its methods in parentheses).
 *
 * Two routes whose parameters at one place have different names share a node drawn
 * `:id|:username`, which doesn't say which route took which name: `isKnown` picks, for each
 * method, the spelling the caller knows (documented, or with a generator); the first spelling
 * when none is.
 */
export function routesOf(
  app: FastifyInstance,
  isKnown: (method: string, url: string) => boolean = () => false,
): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    if (line.trim() === "") continue;
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected line in printRoutes: ${line}`);
    const depth = (match[1] ?? "").length / 4;
    const url = (stack[depth - 1] ?? "") + match[2];
    stack[depth] = url;
    for (const method of match[3]?.split(", ") ?? []) {
      const options = spellings(url);
      const known = options.find((spelling) => isKnown(method, spelling));
      routes.push({ method, url: known ?? options[0] ?? url });
    }
  }
  return routes;
}

/** "/a/:id|:name/b/" → ["/a/:id/b/", "/a/:name/b/"]. */
function spellings(url: string): string[] {
  const match = /:\w+(?:\|:\w+)+/.exec(url);
  if (!match) return [url];
  const before = url.slice(0, match.index);
  const after = url.slice(match.index + match[0].length);
  return match[0]
    .split("|")
    .flatMap((name) => spellings(after).map((rest) => `${before}${name}${rest}`));
}
