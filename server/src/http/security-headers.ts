import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../config.js";

const helmetOptions = (config: Config): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-select (emotion) injects <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Recipe images come from S3_PUBLIC_URL when one is set (a CDN in front of the bucket).
      imgSrc: ["'self'", "data:", "blob:", ...imageOrigins(config)],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Recipe images are plain <img> on our own origin; keep the default same-origin policy.
  crossOriginEmbedderPolicy: false,
});

const imageOrigins = (config: Config) =>
  config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [];

/**
 * helmet's headers for our options, worked out once: helmet builds them per response from
 * the options, which cost a JSON route a third of its throughput.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** What a browser renders or runs as a document, or embeds as media. */
const DOCUMENT_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/|audio\/|video\/|application\/pdf|text\/xml|application\/xml)/i;

/**
 * Security headers by what a response is: CSP, frame, referrer and cross-origin policies and
 * HSTS on documents and media (the SPA's index.html, /api/docs, images), where they act; a
 * JSON answer is not rendered, so it carries only `X-Content-Type-Options: nosniff` (and its
 * route's cache-control). nosniff is set before the handler so that it is on every response,
 * streams that take over the socket included. See
 * docs/decisions/0020-sessions-without-a-round-trip.md.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const documentHeaders = helmetHeaders(helmetOptions(config));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("x-content-type-options", "nosniff");
    done();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && DOCUMENT_TYPES.test(type)) reply.headers(documentHeaders);
    done(null, payload);
  });
}
