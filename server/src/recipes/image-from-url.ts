import { RECIPE_IMAGE_MAX_BYTES } from "@potluck/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import { HttpError } from "../http/errors.js";
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
      return withoutPicture(submission, error.message.replace(/The page/, "The picture"));
    }
    throw error;
  }
}

/**
 * The submission without the picture of its `image_url`, which could not be fetched (`reason`
 * says why) or used: the recipe is saved without it and the cook is told (issue 34 §8), rather
 * than losing the whole recipe to its picture.
 */
export function withoutPicture(submission: RecipeSubmission, reason: string): RecipeSubmission {
  return {
    ...submission,
    image: undefined,
    imageUrl: undefined,
    imageField: undefined,
    imageWarning: `The recipe was saved without its picture: ${reason.replace(/\.?$/, ".")} You can add one by editing the recipe.`,
  };
}

/**
 * Runs a recipe write; when the picture fetched from `image_url` turns out unusable (not an
 * image, too large), runs it again without it. The first write changed nothing (it failed
 * before its transaction committed, and its stored picture was removed).
 */
export async function savingDespiteItsPicture<T>(
  submission: RecipeSubmission,
  write: (submission: RecipeSubmission) => Promise<T>,
): Promise<{ result: T; submission: RecipeSubmission }> {
  try {
    return { result: await write(submission), submission };
  } catch (error) {
    const reason = pictureProblem(error);
    if (submission.imageField !== "image_url" || reason === undefined) throw error;
    const without = withoutPicture(submission, reason);
    return { result: await write(without), submission: without };
  }
}

/** The words of a 400 about the fetched picture (`{"image_url": [...]}`), if that is what it is. */
function pictureProblem(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.statusCode !== 400) return undefined;
  const messages = (error.body as Record<string, unknown>).image_url;
  return Array.isArray(messages) && typeof messages[0] === "string" ? messages[0] : undefined;
}
