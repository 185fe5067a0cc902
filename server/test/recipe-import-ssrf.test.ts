// Import must not reach what only the server can: with IMPORT_ALLOW_PRIVATE_HOSTS off (the
// default) every private, loopback, link-local or metadata address is refused with 400,
// whether named directly, through DNS or through a redirect.
import { describe, expect, it } from "vitest";
import { multipartBody } from "../src/http/inject-agent.js";
import { FetchError, fetchPublic } from "../src/recipes/import/fetch-page.js";
import { isPublicAddress } from "../src/recipes/import/public-address.js";
import { signedIn } from "./factories.js";
import { createTestApp } from "./helper.js";
import { fixtureNames, startImportSite } from "./import-server.js";

const site = await startImportSite();
const { app, db, config } = await createTestApp({ env: { IMPORTS_PER_USER_PER_HOUR: "1000" } });
const { agent } = await signedIn(app, db);
const port = new URL(site).port;
const page = `/pages/${fixtureNames[0]}`;

describe("import refuses addresses that are not public", () => {
  it("is off by default", () => {
    expect(config.import.allowPrivateHosts).toBe(false);
  });

  const refused = [
    [`loopback`, `http://127.0.0.1:${port}${page}`],
    ["another loopback address", `http://127.1.2.3:${port}${page}`],
    ["a 10.x address", "http://10.0.0.1/recipe"],
    ["a 192.168.x address", "http://192.168.1.1/"],
    ["a 172.16.x address", "http://172.16.5.4/"],
    ["carrier-grade NAT", "http://100.64.0.1/"],
    ["the metadata service", "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 loopback", `http://[::1]:${port}${page}`],
    ["an IPv4-mapped IPv6 loopback", `http://[::ffff:127.0.0.1]:${port}${page}`],
    ["an IPv6 unique-local address", "http://[fd00::1]/"],
    ["an IPv6 link-local address", "http://[fe80::1]/"],
    ["the unspecified address", `http://0.0.0.0:${port}${page}`],
    ["a name that resolves to 127.0.0.1", `http://localhost:${port}${page}`],
    ["a decimal IPv4 literal", `http://2130706433:${port}${page}`],
  ];
  for (const [what, url] of refused) {
    it(`refuses ${what}`, async () => {
      const response = await agent.post("/api/recipes/import/", { url });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().detail).toMatch(/not public/);
    });
  }

  it("refuses other schemes", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/", "gopher://127.0.0.1:70/"]) {
      const response = await agent.post("/api/recipes/import/", { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail).toMatch(/http/);
    }
  });

  it("checks the address again after each redirect", async () => {
    // Only the test site's own address counts as public here, so the first hop passes and
    // the redirect's target (another loopback address) is what gets refused.
    const limits = {
      maxBytes: 1024 * 1024,
      timeoutMs: 2000,
      allowPrivateHosts: false,
      isAllowedAddress: (address: string) => address === "127.0.0.1",
    };
    const allowed = await fetchPublic(`${site}${page}`, limits);
    expect(allowed.body.length).toBeGreaterThan(0);
    for (const target of [
      `http://127.0.0.2:${port}${page}`,
      `http://[::1]:${port}${page}`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.1.2.3/",
    ]) {
      const hop = `${site}/redirect?to=${encodeURIComponent(target)}`;
      await expect(fetchPublic(hop, limits), target).rejects.toThrow(FetchError);
      await expect(fetchPublic(hop, limits), target).rejects.toThrow(/not public/);
    }
  });
});

describe("image_url on recipe create", () => {
  it("never fetches a picture on a private address: the recipe is saved without it", async () => {
    for (const url of [`http://127.0.0.1:${port}/picture.png`, "http://169.254.169.254/x.png"]) {
      const { payload, contentType } = multipartBody({
        title: "Toast",
        content: "<p>Toast.</p>",
        image_url: url,
      });
      const response = await agent.raw("POST", "/api/recipes/recipes/", payload, contentType);
      expect(response.statusCode, url).toBe(201);
      expect(response.json().image, url).toBeNull();
      expect(response.json().image_warning, url).toMatch(/not public/);
    }
  });
});

describe("isPublicAddress", () => {
  it("takes only public unicast addresses", () => {
    for (const address of ["8.8.8.8", "151.101.1.67", "2606:4700::1111", "2001:4860:4860::8888"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.255.0.1",
      "172.31.255.255",
      "192.168.0.10",
      "169.254.169.254",
      "100.100.100.200",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::1",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
