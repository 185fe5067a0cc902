import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { notFound } from "../http/errors.js";
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
 * Serves the stored images at /media/<key>: the local disk through @fastify/static, a bucket
 * by streaming the object. With S3_PUBLIC_URL the API's image URLs point at that address
 * instead, but /media/ still answers, so pages cached before the switch keep their pictures.
 */
export async function serveImages(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.s3) {
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: "/media/",
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader("cache-control", IMMUTABLE),
    });
    return;
  }
  streamFromBucket(app, app.storage as S3ImageStorage);
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
      request.log.warn({ err: error }, "image storage unavailable while serving an image");
      return reply.code(503).header("retry-after", "30").send({ detail: CANNOT_READ });
    }
    if (!object) throw notFound();
    reply
      .header("content-type", object.contentType ?? "application/octet-stream")
      .header("cache-control", IMMUTABLE);
    if (object.contentLength !== undefined) reply.header("content-length", object.contentLength);
    if (object.etag) reply.header("etag", object.etag);
    return reply.send(object.body);
  });
}
