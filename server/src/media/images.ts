import { randomUUID } from "node:crypto";
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { fieldError, HttpError } from "../http/errors.js";
import type { ImageStorage } from "./storage.js";

export const MAX_IMAGE_PIXELS = 40_000_000;
const FULL_MAX_EDGE = 2048;
export const CARD_WIDTH = 640;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export const NOT_AN_IMAGE =
  "Upload a valid image. The file you uploaded was either not an image or a corrupted image.";
export const UNSUPPORTED_FORMAT = "Unsupported image format: use a JPEG, PNG or WebP image.";
export const TOO_MANY_PIXELS = "The image is too large: at most 40 megapixels.";

/** sharp's default export, as processImage calls it. */
type Library = (input: Buffer, options: SharpOptions) => Sharp;

let loaded: Promise<Library> | undefined;

/**
 * sharp and its libvips, loaded on the first image (a server that never re-encodes a picture
 * never maps them). libvips keeps no cache of operations here: each picture is decoded once,
 * so its cache (up to 50 MB by default) would only hold memory.
 */
function sharp(): Promise<Library> {
  loaded ??= import("sharp").then(({ default: library }) => {
    library.cache(false);
    return library;
  });
  return loaded;
}

export interface ProcessedImage {
  full: Buffer;
  card: Buffer;
}

/**
 * Checks an upload by its content (never its name or declared type) and re-encodes it as WebP:
 * auto-rotated from its EXIF orientation, metadata stripped, at most 2048 px on its longest
 * edge, plus a 640 px wide card version. Bad input becomes a 400 `{"image": [...]}`.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  // limitInputPixels makes libvips refuse to decode a pixel bomb instead of allocating it.
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;
  const image = await sharp();
  let metadata: Metadata;
  try {
    metadata = await image(input, options).metadata();
  } catch (error) {
    throw fieldError("image", isPixelLimit(error) ? TOO_MANY_PIXELS : NOT_AN_IMAGE);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw fieldError("image", UNSUPPORTED_FORMAT);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw fieldError("image", TOO_MANY_PIXELS);
  }
  try {
    const oriented = image(input, options).autoOrient();
    const [full, card] = await Promise.all([
      oriented
        .clone()
        .resize({
          width: FULL_MAX_EDGE,
          height: FULL_MAX_EDGE,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer(),
      oriented
        .clone()
        .resize({ width: CARD_WIDTH, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
    return { full, card };
  } catch (error) {
    // Truncated or corrupt data shows only when decoding.
    throw fieldError("image", isPixelLimit(error) ? TOO_MANY_PIXELS : NOT_AN_IMAGE);
  }
}

const isPixelLimit = (error: unknown) =>
  error instanceof Error && /pixel limit/i.test(error.message);

/** The card version lives beside the full one: `recipes/abc.webp` → `recipes/abc-card.webp`. */
export const cardKeyOf = (key: string) => key.replace(/(\.[a-z0-9]+)?$/, "-card$1");

export const IMAGE_STORAGE_UNAVAILABLE =
  "Image storage is unavailable right now, so nothing was saved. Please try again in a minute.";

/** 503 for a write whose image could not be stored: the storage is down, not the cook's input. */
export const imageStorageUnavailable = (cause: unknown) =>
  new HttpError(503, { detail: IMAGE_STORAGE_UNAVAILABLE }, { "retry-after": "30" }, cause);

/**
 * Stores both versions under a new random key; returns the full version's key. When a put
 * fails the write answers 503 (after deleting the full version when only the card failed,
 * best effort): the caller has not touched the database yet, so nothing is half-saved.
 */
export async function storeImage(storage: ImageStorage, image: ProcessedImage): Promise<string> {
  const key = `recipes/${randomUUID()}.webp`;
  try {
    await storage.put(key, image.full, "image/webp");
  } catch (error) {
    throw imageStorageUnavailable(error);
  }
  try {
    await storage.put(cardKeyOf(key), image.card, "image/webp");
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw imageStorageUnavailable(error);
  }
  return key;
}

/** Deletes both versions; a file already gone is fine (best effort, after the commit). */
export async function removeImage(
  storage: ImageStorage,
  key: string | null | undefined,
): Promise<void> {
  if (!key) return;
  // Both settle before this does (Promise.all would give up at the first failure and leave the
  // other retrying in the background, after the request has answered).
  const results = await Promise.allSettled([storage.remove(key), storage.remove(cardKeyOf(key))]);
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
}

/** Where the app itself serves an image (media/serve.ts), checking who may see it. */
export const appImageUrl = (key: string) => `/media/${key}`;

/**
 * The URLs an API response shows for a stored image key (both null without an image). A
 * recipe that is not public has its picture served by the app, which asks the recipe policy
 * (media/serve.ts), never from a public bucket address (S3_PUBLIC_URL).
 */
export function imageUrls(
  storage: ImageStorage,
  key: string | null,
  visibility: "public" | "followers" | "private",
): { image: string | null; image_card: string | null } {
  if (!key) return { image: null, image_card: null };
  const url = visibility === "public" ? storage.url : appImageUrl;
  return { image: url(key), image_card: url(cardKeyOf(key)) };
}
