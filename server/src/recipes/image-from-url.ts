import { RECIPE_IMAGE_MAX_BYTES } from "@potluck/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import { fieldError } from "../http/errors.js";
import { consumeAttempts } from "../http/rate-limit.js";
import { FetchError, fetchPublic } from "./import/fetch-page.js";
import type { RecipeSubmission } from "./submission.js";

/**
 * Fetches the submission's `image_url` (when it has one and no file) into `image`, with the
 * import's safe fetcher and the upload's size limit; the write then checks and re-encodes it
 * like an upload. Counted against the cook's hourly import limit under its own key: the
 * server fetches for the cook either way.
 */
export async function fetchSubmittedImage(
  app: FastifyInstance,
  reply: FastifyReply,
  userId: number,
  submission: RecipeSubmission,
): Promise<RecipeSubmission> {
  if (submission.image || !submission.imageUrl) return submission;
  await consumeAttempts(app.db, reply, [
    { key: `recipe-image-fetches:${userId}`, limit: app.config.limits.importsPerUser },
  ]);
  try {
    const picture = await fetchPublic(
      submission.imageUrl,
      {
        maxBytes: RECIPE_IMAGE_MAX_BYTES,
        timeoutMs: app.config.import.timeoutMs,
        allowPrivateHosts: app.config.import.allowPrivateHosts,
      },
      "image/webp,image/png,image/jpeg,image/*;q=0.8",
    );
    return { ...submission, image: picture.body, imageField: "image_url" };
  } catch (error) {
    if (error instanceof FetchError) {
      throw fieldError("image_url", error.message.replace(/The page/, "The picture"));
    }
    throw error;
  }
}
