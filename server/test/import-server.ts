// A local site for the import tests: the fixture pages, and the awkward answers a real site
// can give (redirects, a huge page, one that never finishes, a picture).
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll } from "vitest";

export const FIXTURES = new URL("./fixtures/import/", import.meta.url);
export const fixtureNames = readdirSync(FIXTURES).filter((name) => name.endsWith(".html"));
export const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");

const picture = await sharp({
  create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
})
  .png()
  .toBuffer();

/** The user agent of the last request the site got. */
export let lastUserAgent: string | undefined;

/** Starts the site on 127.0.0.1 and stops it after the file; returns its base URL. */
export async function startImportSite(): Promise<string> {
  const server = http.createServer((request, response) => {
    lastUserAgent = request.headers["user-agent"];
    const url = new URL(request.url ?? "/", "http://x");
    const [, kind, rest] = /^\/([^/]+)\/?(.*)$/.exec(url.pathname) ?? [];
    if (kind === "pages" && rest && fixtureNames.includes(rest)) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(fixture(rest));
    } else if (kind === "redirect") {
      response.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
      response.end();
    } else if (kind === "hops") {
      // /hops/3 → /hops/2 → /hops/1 → /hops/0 → the first fixture page.
      const left = Number(rest);
      const next = left > 0 ? `/hops/${left - 1}` : `/pages/${fixtureNames[0]}`;
      response.writeHead(301, { location: next });
      response.end();
    } else if (kind === "big") {
      // 6 MB with no content-length: only counting the bytes as they come stops it.
      response.writeHead(200, { "content-type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const write = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", write);
        }
        response.end();
      };
      response.on("error", () => {});
      write();
    } else if (kind === "slow") {
      response.writeHead(200, { "content-type": "text/html" });
      response.write("<!doctype html><html><head>");
      // Never finishes; the test app's timeout must stop it.
    } else if (kind === "picture.png") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(picture);
    } else if (kind === "not-a-picture.png") {
      response.writeHead(200, { "content-type": "image/png" });
      response.end("<html>nope</html>");
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
