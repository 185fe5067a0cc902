import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { isPublicAddress } from "./public-address.js";

// Fetching a page (or a picture) that a user named, without letting them reach what only the
// server can: every address, after DNS and after each redirect, must be public, and the
// connection goes to the very address that was checked (a second DNS answer can't swap in
// 127.0.0.1). The rules are in docs/decisions/0015-recipe-import.md.

// No contact address yet: the project has no public home page to name. Add "+URL" when it does.
export const USER_AGENT =
  "Potluck-RecipeImporter/1.0 (Potluck recipe app; fetches one page a cook asked to import)";
export const MAX_REDIRECTS = 5;

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Tests and home networks: private and loopback addresses allowed. */
  allowPrivateHosts: boolean;
  /** Which addresses count as public; tests narrow it to check what happens after a hop. */
  isAllowedAddress?: (address: string) => boolean;
}

export interface FetchedPage {
  body: Buffer;
  /** The address the body came from, after redirects. */
  url: string;
  contentType: string;
}

/** A fetch that was refused or failed; the message is for the user. */
export class FetchError extends Error {}

/** Fetches `address` (http or https) within the limits; throws FetchError for the user. */
export async function fetchPublic(
  address: string,
  limits: FetchLimits,
  accept = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
): Promise<FetchedPage> {
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  let url = parseUrl(address);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const allowed = limits.allowPrivateHosts
        ? () => true
        : (limits.isAllowedAddress ?? isPublicAddress);
      const ip = await beforeDeadline(resolveAllowed(url, allowed), deadline);
      const response = await request(url, ip, accept, deadline);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.destroy();
        if (redirects === MAX_REDIRECTS) {
          throw new FetchError(`The page redirects more than ${MAX_REDIRECTS} times.`);
        }
        url = parseUrl(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new FetchError(`The page could not be fetched: the site answered ${status}.`);
      }
      const body = await readLimited(response, limits.maxBytes);
      return { body, url: url.href, contentType: response.headers["content-type"] ?? "" };
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    if (deadline.aborted) {
      throw new FetchError(`The page took longer than ${limits.timeoutMs / 1000} s to fetch.`);
    }
    throw new FetchError("The page could not be fetched.");
  }
}

/** The promise's outcome, or the deadline's abort if that comes first. */
function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (deadline.aborted) reject(deadline.reason);
    deadline.addEventListener("abort", () => reject(deadline.reason), { once: true });
    work.then(resolve, reject);
  });
}

function parseUrl(address: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new FetchError("Enter a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchError("Only http and https addresses can be imported.");
  }
  if (url.username || url.password) {
    throw new FetchError("Addresses with a user name or password can't be imported.");
  }
  return url;
}

/** The address to connect to: the host's, every one of them checked. */
async function resolveAllowed(
  url: URL,
  allowed: (address: string) => boolean,
): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new FetchError(`The address ${url.hostname} could not be found.`);
  }
  const first = addresses[0];
  if (!first) throw new FetchError(`The address ${url.hostname} could not be found.`);
  // Any private answer refuses the host: a name that points at both is not a public site.
  if (!addresses.every((entry) => allowed(entry.address))) {
    throw new FetchError("This address is not public: only pages on the internet can be imported.");
  }
  return first;
}

function request(
  url: URL,
  ip: { address: string; family: number },
  accept: string,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  // Node asks this instead of DNS: the connection goes to the address checked above, and TLS
  // still verifies the certificate against the host name.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [ip]);
    else callback(null, ip.address, ip.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: "GET",
        lookup: pinned,
        signal,
        headers: {
          "user-agent": USER_AGENT,
          accept,
          "accept-encoding": "gzip, deflate, br",
          "accept-language": "en",
        },
      },
      resolve,
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The body, decompressed, stopped as soon as it passes `maxBytes`. */
async function readLimited(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new FetchError(`The page is too large: at most ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } finally {
    response.destroy();
    if (stream !== response) stream.destroy();
  }
  return Buffer.concat(chunks);
}

function decoded(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  // pipeline passes an abort or a corrupt stream on as an error, so reading never hangs.
  const ignore = () => {};
  if (encoding === "gzip" || encoding === "x-gzip") {
    return pipeline(response, createGunzip(), ignore);
  }
  if (encoding === "deflate") return pipeline(response, createInflate(), ignore);
  if (encoding === "br") return pipeline(response, createBrotliDecompress(), ignore);
  return response;
}

/** The body as text, in the charset the response declares (UTF-8 when it names none). */
export function pageText(page: FetchedPage): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(page.contentType)?.[1] ?? "utf-8";
  try {
    return new TextDecoder(charset).decode(page.body);
  } catch {
    return new TextDecoder("utf-8").decode(page.body);
  }
}
