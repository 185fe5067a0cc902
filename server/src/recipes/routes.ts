import {
  recipeDetail,
  recipeIdParams,
  recipeJsonLd,
  recipeListQuery,
  recipeListResponse,
  recipeSaved,
  recipeSubmissionForm,
  tagListQuery,
  tagListResponse,
} from "@potluck/contract";
import type { Language } from "@potluck/contract/languages";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin.js";
import type { Viewer } from "../auth/policy.js";
import { ownsCollection } from "../collections/repository.js";
import { fieldError, forbidden, notAuthenticated, notFound } from "../http/errors.js";
import { decodeCursor, toPage } from "../http/pagination.js";
import { varyByLanguage } from "../http/vary-by-language.js";
import { removeImage } from "../media/images.js";
import { storedPeople } from "../planner/people-repository.js";
import { fetchSubmittedImage, savingDespiteItsPicture } from "./image-from-url.js";
import { toRecipeJsonLd } from "./jsonld.js";
import { canEditRecipe, canReadRecipe } from "./policy.js";
import { toDetail, toListItem } from "./presenter.js";
import {
  findRecipe,
  listCursor,
  listRecipes,
  type RecipeFilters,
  type RecipeRow,
  recipeForPolicy,
  safeForEveryone,
  tagCounts,
} from "./repository.js";
import { searchRecipes } from "./search.js";
import { readMultipart, validateSubmission } from "./submission.js";
import { createRecipe, deleteRecipeEverywhere, updateRecipe } from "./writes.js";

// Create and update take multipart/form-data (the image file), which the zod type provider
// cannot describe: those handlers read the parts and validate them with the contract's rules
// in submission.ts (`config.multipart` describes the form in the OpenAPI document); their
// responses are still declared and shaped by the contract. The
// writes themselves (one transaction each) are in writes.ts.
export const recipesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/recipes/",
    {
      config: { access: "public" },
      schema: { querystring: recipeListQuery, response: { 200: recipeListResponse } },
    },
    async (request) => {
      const { limit, cursor, mine, search } = request.query;
      const viewer = request.user;
      let authorId: number | undefined;
      if (mine === "true") {
        if (!viewer) throw notAuthenticated();
        authorId = viewer.id;
      }
      const filters = await listFilters(app, request.query, viewer);
      const toItem = (row: RecipeRow) => toListItem(app.storage, row, viewer);
      if (search?.trim()) {
        const after = decodeCursor(cursor, ["score", "id", "flag"]);
        const found = await searchRecipes(app.db, app.searchRankings, search, {
          viewer,
          authorId,
          limit,
          cursor: after,
          filters,
        });
        const page = toPage(request, found.rows, limit, found.cursorOf, toItem);
        return found.didYouMean ? { ...page, did_you_mean: found.didYouMean } : page;
      }
      const after = decodeCursor(cursor, ["micros", "id"]);
      const rows = await listRecipes(app.db, { viewer, authorId, limit, cursor: after, filters });
      return toPage(request, rows, limit, listCursor, toItem);
    },
  );

  app.get(
    "/tags/",
    {
      config: { access: "public" },
      schema: { querystring: tagListQuery, response: { 200: tagListResponse } },
    },
    async (request) => {
      const { search, limit } = request.query;
      return tagCounts(app.db, request.user, { prefix: search, limit });
    },
  );

  app.get(
    "/recipes/:id/",
    {
      config: { access: "public" },
      schema: { params: recipeIdParams, response: { 200: recipeDetail } },
    },
    async (request, reply) => {
      varyByLanguage(reply);
      return loadDetail(app, request.params.id, request.user, request.language);
    },
  );

  app.get(
    "/recipes/:id/jsonld/",
    {
      config: { access: "public" },
      schema: { params: recipeIdParams, response: { 200: recipeJsonLd } },
    },
    async (request, reply) => {
      const detail = await loadDetail(app, request.params.id, request.user, request.language);
      reply.type("application/ld+json; charset=utf-8");
      varyByLanguage(reply);
      return toRecipeJsonLd(detail, `${request.protocol}://${request.host}`, request.language);
    },
  );

  app.post(
    "/recipes/",
    {
      config: { access: "user", multipart: recipeSubmissionForm },
      schema: { response: { 201: recipeSaved } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const submitted = validateSubmission(await readMultipart(request), "create");
      // Written, unless it says otherwise, in the language Potluck speaks to its author.
      submitted.language ??= request.language;
      const fetched = await fetchSubmittedImage(app, reply, user.id, submitted);
      const { result: id, submission } = await savingDespiteItsPicture(fetched, (s) =>
        createRecipe(app.db, app.storage, user.id, s),
      );
      return reply.code(201).send({
        ...(await loadDetail(app, id, user, request.language)),
        ...(submission.imageWarning ? { image_warning: submission.imageWarning } : {}),
      });
    },
  );

  app.put(
    "/recipes/:id/",
    {
      config: { access: "user", multipart: recipeSubmissionForm },
      schema: { params: recipeIdParams, response: { 200: recipeSaved } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      await loadEditable(app, user, id);
      const fetched = await fetchSubmittedImage(
        app,
        reply,
        user.id,
        validateSubmission(await readMultipart(request), "update"),
      );
      const { result: droppedImageKey, submission } = await savingDespiteItsPicture(fetched, (s) =>
        updateRecipe(app.db, app.storage, id, s),
      );
      await removeImage(app.storage, droppedImageKey).catch((error: unknown) =>
        request.log.warn({ err: error }, "could not delete a replaced recipe image"),
      );
      return {
        ...(await loadDetail(app, id, user, request.language)),
        ...(submission.imageWarning ? { image_warning: submission.imageWarning } : {}),
      };
    },
  );

  app.delete(
    "/recipes/:id/",
    { config: { access: "user" }, schema: { params: recipeIdParams, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      await loadEditable(app, user, id);
      const imageKey = await deleteRecipeEverywhere(app.db, id);
      await removeImage(app.storage, imageKey).catch((error: unknown) =>
        request.log.warn({ err: error }, "could not delete a deleted recipe's image"),
      );
      return reply.code(204).send(null);
    },
  );
};

/**
 * The list's filters from its query. `visibility` only narrows the caller's own recipes
 * (`mine=true`); `following` and `collection` need a signed-in caller (401, as `mine`), and a
 * collection that is not the caller's is a 404, as on the collections API.
 */
async function listFilters(
  app: FastifyInstance,
  query: z.infer<typeof recipeListQuery>,
  viewer: Viewer,
): Promise<RecipeFilters> {
  if (query.visibility !== undefined && query.mine !== "true") {
    throw fieldError("visibility", "Only with mine=true: it narrows your own recipes.");
  }
  const following = query.following === "true";
  const safeForTable = query.safe_for_table === "true";
  if ((following || safeForTable || query.collection !== undefined) && !viewer) {
    throw notAuthenticated();
  }
  if (query.collection !== undefined && viewer) {
    if (!(await ownsCollection(app.db, viewer.id, query.collection))) throw notFound();
  }
  // One's own table's needs join the list's own filters.
  const table =
    safeForTable && viewer ? safeForEveryone(await storedPeople(app.db, viewer.id)) : {};
  const both = <T>(mine?: T[], table?: T[]) =>
    mine || table ? [...new Set([...(mine ?? []), ...(table ?? [])])] : undefined;
  return {
    tags: query.tag,
    maxMinutes: query.max_minutes,
    ingredientIds: query.ingredient,
    excludeIngredientIds: both(query.exclude_ingredient, table.excludeIngredientIds),
    minRating: query.min_rating,
    authorUsername: query.author,
    followedBy: following && viewer ? viewer.id : undefined,
    collectionId: query.collection,
    visibility: query.visibility,
    language: query.language,
    diets: both(query.diet, table.diets),
    withoutAllergens: both(query.without_allergen, table.withoutAllergens),
    maxKcal: query.max_kcal,
  };
}

/** 404 for a recipe that does not exist or that the viewer may not read (policy.ts). */
async function loadDetail(
  app: FastifyInstance,
  id: number,
  viewer: Viewer,
  language: Language = "en",
) {
  const row = await findRecipe(app.db, id, viewer);
  if (!row) throw notFound();
  return toDetail(app.storage, row, row.lines, viewer, language);
}

/**
 * 404 for an unknown recipe or one the user may not read (its existence stays hidden), 403
 * when they may read it but not change it.
 */
async function loadEditable(
  app: FastifyInstance,
  user: NonNullable<Viewer>,
  id: number,
): Promise<void> {
  const recipe = await recipeForPolicy(app.db, id, user);
  if (!recipe || !canReadRecipe(user, recipe, recipe)) throw notFound();
  if (!canEditRecipe(user, recipe)) throw forbidden();
}
