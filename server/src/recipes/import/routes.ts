import { importRecipeBody, type RecipeDraft, recipeDraft } from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/plugin.js";
import { badRequest, handleError } from "../../http/errors.js";
import { consumeAttempts } from "../../http/rate-limit.js";
import { named, namedUnit } from "../../ingredients/catalogue-names.js";
import { buildDraft } from "./draft.js";
import { FetchError, fetchPublic, pageText } from "./fetch-page.js";
import { type FoundRecipe, findRecipe } from "./find-recipe.js";

/** `POST /api/recipes/import/`: a draft recipe from a page's address or its pasted HTML. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.import;
  const tooLarge = `The page is too large: at most ${Math.round(limits.maxPageBytes / 1024 / 1024)} MB.`;

  app.post(
    "/import/",
    {
      config: { access: "user" },
      // Pasted pages up to the limit, with room for JSON escaping; past it, 400 (never 413).
      bodyLimit: limits.maxPageBytes * 2 + 64 * 1024,
      errorHandler: (error, request, reply) =>
        handleError(
          error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? (badRequest(tooLarge) as unknown as FastifyError)
            : error,
          request,
          reply,
        ),
      schema: { body: importRecipeBody, response: { 200: recipeDraft } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await consumeAttempts(app.db, reply, [
        { key: `recipe-imports:${user.id}`, limit: app.config.limits.importsPerUser },
      ]);
      const { url, html } = request.body;
      let page: { html: string; url: string | null };
      if (html !== undefined) {
        if (Buffer.byteLength(html, "utf8") > limits.maxPageBytes) throw badRequest(tooLarge);
        page = { html, url: url ? httpUrl(url) : null };
      } else {
        try {
          const fetched = await fetchPublic(url ?? "", {
            maxBytes: limits.maxPageBytes,
            timeoutMs: limits.timeoutMs,
            allowPrivateHosts: limits.allowPrivateHosts,
          });
          page = { html: pageText(fetched), url: fetched.url };
        } catch (error) {
          if (error instanceof FetchError) throw badRequest(error.message);
          throw error;
        }
      }
      const recipe = readRecipe(page.html);
      if (!recipe) throw badRequest("No recipe was found on this page.");
      return inLanguage(await buildDraft(app.db, user.id, recipe, page.url), request.language);
    },
  );
};

/** The page's recipe; a page nested too deeply to read has none we can take. */
function readRecipe(html: string): FoundRecipe | null {
  try {
    return findRecipe(html);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The address given with pasted HTML, as the draft's source (http or https only). */
function httpUrl(address: string): string {
  try {
    const url = new URL(address);
    if (url.protocol === "http:" || url.protocol === "https:") return url.href;
  } catch {}
  throw badRequest("Enter a valid http or https URL.");
}

/**
 * The draft's matched ingredients and units named in the reader's language (issue 37 §3), as
 * the recipe they make will be; the lines as the page wrote them. English as it comes.
 */
function inLanguage(draft: RecipeDraft, language: Language): RecipeDraft {
  if (language === "en") return draft;
  return {
    ...draft,
    recipe_ingredients: draft.recipe_ingredients.map((line) => ({
      ...line,
      ingredient: line.ingredient && named("ingredients", line.ingredient, language),
      unit: line.unit && namedUnit(line.unit, language),
      as_written: line.as_written && {
        ...line.as_written,
        unit: line.as_written.unit && namedUnit(line.as_written.unit, language),
      },
    })),
  };
}
