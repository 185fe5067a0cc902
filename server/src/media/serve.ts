import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { HttpError, notFound } from "../http/errors.js";
import { createS3ImageStorage, type S3ImageStorage } from "./s3-storage.js";
import { createImageStorage, IMAGE_KEY, IMMUTABLE, type ImageStorage } from "./storage.js";

const CANNOT_READ = "Image storage is unavailable right now. Please try again in a minute.";

declare module "fastify" {
  interface FastifyInstance {
    storage: ImageStorage;
  }
}

/** Decorates the app with the image storage STORAGE names, before the routes that use it. */
export async function decorateImageStorage(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.s3) {
    app.decorate("storage", createImageStorage(config.mediaDir));
    return;
  }
  const storage = await createS3ImageStorage(config.s3);
  app.decorate("storage", storage);
  app.addHook("onClose", async () => storage.close());
}

/**
 * Who may see the picture of a stored key (app.ts hands in the recipes' rule): "public",
 * "private" (this viewer may, others may not), "hidden" (404), undefined (no recipe names it).
 */
export type ImageAccess = (
  key: string,
  request: FastifyRequest,
) => Promise<"public" | "private" | "hidden" | undefined>;

/** How a picture of a recipe that is not public is cached: by the browser only, rechecked. */
const NOT_PUBLIC = "private, no-cache";

/**
 * Serves the stored images at /media/<key>: the local disk through @fastify/static, a bucket
 * by streaming the object. With S3_PUBLIC_URL the API's image URLs of public recipes point at
 * that address instead, but /media/ still answers, so pages cached before the switch keep
 * their pictures; the pictures of other recipes are always served here (imageUrls).
 *
 * Every picture of a recipe is served only to who may read the recipe (`access`, the rule of
 * recipes/policy.ts):
 * anyone else gets the 404 of a key that does not exist. A public recipe's picture is cached
 * for a year; any other's is cached privately and revalidated, so a change of visibility
 * holds at once. A stored file no recipe names is served as before (no recipe to protect).
 */
export async function serveImages(
  app: FastifyInstance,
  config: Config,
  access: ImageAccess,
): Promise<void> {
  await app.register(async (scope) => {
    // The session is looked up as for a public API route (auth/plugin.ts).
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: "public" };
    });
    scope.addHook("preHandler", async (request, reply) => checkImageAccess(access, request, reply));
    if (!config.s3) {
      await scope.register(fastifyStatic, {
        root: config.mediaDir,
        prefix: "/media/",
        decorateReply: false,
        cacheControl: false,
        setHeaders: (res) => {
          if (!res.getHeader("cache-control")) res.setHeader("cache-control", IMMUTABLE);
        },
      });
      return;
    }
    streamFromBucket(scope, app.storage as S3ImageStorage);
  });
}

/** 404 unless the viewer may read the recipe whose picture the key is. */
async function checkImageAccess(
  access: ImageAccess,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const key = (request.params as { "*"?: string })["*"];
  if (!key || !IMAGE_KEY.test(key)) return; // not a picture's key: the storage answers 404
  const seen = await access(key.replace(/-card(\.webp)$/, "$1"), request);
  if (seen === "hidden") throw notFound();
  if (seen === "private") reply.header("cache-control", NOT_PUBLIC);
}

function streamFromBucket(app: FastifyInstance, storage: S3ImageStorage): void {
  app.get("/media/*", async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    // Only keys we make are asked of the bucket: no listing, no other prefix, no "..".
    if (!IMAGE_KEY.test(key)) throw notFound();
    let object: Awaited<ReturnType<S3ImageStorage["get"]>>;
    try {
      object = await storage.get(key);
    } catch (error) {
      // Logged by the error handler, with what went wrong underneath; said in the caller's language.
      throw new HttpError(503, { detail: CANNOT_READ }, { "retry-after": "30" }, error);
    }
    if (!object) throw notFound();
    reply.header("content-type", object.contentType ?? "application/octet-stream");
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", IMMUTABLE);
    if (object.contentLength !== undefined) reply.header("content-length", object.contentLength);
    if (object.etag) reply.header("etag", object.etag);
    return reply.send(object.body);
  });
}
