import type { RecipeDetail } from "@potluck/contract";
import { rowNoteSuffix } from "@potluck/contract/row-note";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { ConversationEntryRow } from "../../components/conversation-entry";
import { CookLink } from "../../components/cook-link";
import { HiddenByModerator } from "../../components/hidden-by-moderator";
import { RecipeImage } from "../../components/recipe-image";
import { ReportButton } from "../../components/report-button";
import { ServerHtml } from "../../components/server-html";
import { StarRating } from "../../components/star-rating";
import { ErrorBox, Loading } from "../../components/status";
import { SaveToCollections } from "../../features/collections/components/save-to-collections";
import { AddRecipeToList } from "../../features/groceries/components/add-recipe-to-list";
import { AddToPlanner } from "../../features/planner/components/add-to-planner";
import { RatingForm } from "../../features/ratings/components/rating-form";
import { Reviews } from "../../features/ratings/components/reviews";
import { tagHref } from "../../features/recipe-filters/tags";
import { useDeleteRecipe } from "../../features/recipes/api/delete-recipe";
import { useRecipe } from "../../features/recipes/api/get-recipe";
import { recipeKeys } from "../../features/recipes/api/keys";
import { RecipeFacts } from "../../features/recipes/components/recipe-facts";
import { formatDate, parseId } from "../../features/recipes/format";
import { confirmDelete } from "../../features/recipes/navigation";
import { parseGuests } from "../../features/recipes/quantities";
import { useDebouncedValue } from "../../features/recipes/use-debounced-value";
import { StepTextWithTimers } from "../../features/timers/components/step-text-with-timers";
import { TimerStrip } from "../../features/timers/components/timer-strip";
import { ApiError, reasonOf } from "../../lib/api-client";
import { LeftToRightNumbers } from "../../lib/bidi";
import { useCameFrom } from "../../lib/came-from";
import { useRecipeConversation } from "../../lib/conversation";
import { currentLanguage, t } from "../../lib/i18n";
import { languageName } from "../../lib/i18n/format";
import { tRich } from "../../lib/i18n/rich";
import { queryClient } from "../../lib/query-client";
import { useSession } from "../../lib/session";
import { lineText, useUnitsPreference } from "../../lib/units-preference";
import { useDeferredFirstDraw } from "../../lib/use-deferred-first-draw";
import { useDocumentTitle } from "../../lib/use-document-title";
import NotFoundPage from "./not-found-page";

/** The spec's default guests: a recipe's own servings, which are 4 unless its author said. */
export const DEFAULT_GUESTS = 4;
/** The recipe's visibility as its author reads it beside the title. */
const visibilityBadge = (visibility: RecipeDetail["visibility"]) =>
  visibility === "public"
    ? t("app.recipeDetail.visibilityPublic")
    : visibility === "followers"
      ? t("app.recipeDetail.visibilityFollowers")
      : t("app.recipeDetail.visibilityPrivate");
/** Guests are announced once typing in the field has paused this long, not per keystroke. */
const ANNOUNCE_GUESTS_AFTER_MS = 800;

// Only cooks who open it download it.
const CookMode = lazy(() => import("../../features/recipes/components/cook-mode"));
// After the page is usable: its first load is at its budget.
const WhatItContains = lazy(() => import("../../features/recipes/components/what-it-contains"));

export default function RecipeDetailPage() {
  const id = parseId(useParams().id);
  const recipe = useRecipe(id);
  // Drawn in slices as the page opens (lib/use-deferred-first-draw.ts).
  const shown = useDeferredFirstDraw(recipe.data);
  // A recipe that isn't there, or that the cook may not read (the server answers both with
  // 404), is the app's not-found page: nothing says that something is hidden here.
  const notFound = !recipe.data && recipe.error instanceof ApiError && recipe.error.status === 404;
  useDocumentTitle(
    notFound
      ? t("app.notFound.title")
      : (recipe.data?.title ?? t("app.recipeDetail.fallbackTitle")),
  );
  // Back where the cook came from: "Back to My Recipes", "Back to Explore" (the default), or
  // the page's own name (lib/came-from.ts).
  const back = useCameFrom();
  const imageWarning = imageWarningOf(useLocation().state);

  if (notFound) return <NotFoundPage />;
  let body: ReactNode;
  if (id === null) body = <ErrorBox>{t("app.recipeForm.idMissing")}</ErrorBox>;
  else if (recipe.isPending || (recipe.data && !shown)) body = <Loading />;
  else if (recipe.error && !recipe.data) {
    body = (
      <ErrorBox>
        <p>{t("app.recipeDetail.loadFailed")}</p>
        <p>{reasonOf(recipe.error)}</p>
      </ErrorBox>
    );
  } else if (shown) body = <RecipeView recipe={shown} refetch={recipe.refetch} />;

  return (
    <article className="page recipe-detail">
      <p className="back-link">
        <Link to={back.path}>
          <span aria-hidden="true">{t("app.common.backArrow")}</span>
          {t("app.recipeDetail.backTo", { name: back.name })}
        </Link>
      </p>
      {imageWarning && (
        <p className="alert alert-error" role="status">
          {imageWarning}
        </p>
      )}
      {body}
    </article>
  );
}

/** What the form said of a picture it could not add (router state, issue 34 §8). */
function imageWarningOf(state: unknown): string | null {
  const warning = (state as { imageWarning?: unknown } | null)?.imageWarning;
  return typeof warning === "string" ? warning : null;
}

function RecipeView({
  recipe,
  refetch,
}: {
  recipe: RecipeDetail;
  refetch: () => Promise<{ error: unknown }>;
}) {
  const navigate = useNavigate();
  const { user, csrfToken } = useSession();
  const deletion = useDeleteRecipe();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [reloadError, setReloadError] = useState<string | null>(null);
  // Guests start at the recipe's own servings: its quantities read as its author wrote them.
  const [guestsText, setGuestsText] = useState(String(recipe.servings ?? DEFAULT_GUESTS));
  const [cooking, setCooking] = useState(false);
  const guests = parseGuests(guestsText);
  const units = useUnitsPreference();
  // Scaled to the guests (a pinch stays a pinch) and read in the cook's units, by the one rule
  // (contract/src/units.ts), the page and cook mode alike; a row kept as written in its words.
  // Its note and mark after it ("2 onions, diced", "… (optional)": contract/src/row-note.ts).
  const lines = recipe.recipe_ingredients.map((line) => {
    const text = lineText(line, guests, recipe.servings, units);
    const note = rowNoteSuffix(line);
    return { id: line.id, amount: text.amount, name: text.name, exact: text.exact, note };
  });
  const created = formatDate(recipe.created_on);
  const updated = formatDate(recipe.updated_on);
  const wasUpdated =
    !!updated &&
    new Date(recipe.updated_on).getTime() - new Date(recipe.created_on).getTime() > 1000;

  const onDelete = () => {
    if (!confirmDelete(recipe.title)) return;
    setDeleteError(null);
    deletion.mutate(recipe.id, {
      onSuccess: () => navigate("/recipes"),
      onError: (error) => setDeleteError(reasonOf(error)),
    });
  };

  const onRated = async () => {
    setReloadError(null);
    const result = await refetch();
    if (result.error) setReloadError(reasonOf(result.error));
    // Cards show the average too.
    void queryClient.invalidateQueries({ queryKey: recipeKeys.lists() });
  };

  return (
    <>
      <header className="recipe-detail-header">
        {/* The cook's words are in the recipe's language, whatever the page speaks. */}
        <h1 lang={recipe.language}>{recipe.title}</h1>
        {recipe.hidden_by_moderator && <HiddenByModerator what="recipe" />}
        <div className="recipe-detail-meta">
          <StarRating value={recipe.average_rating} count={recipe.rating_count} />
          <span>
            {tRich("app.recipeDetail.by", {
              author: <CookLink username={recipe.author_username} />,
            })}
          </span>
          <span>
            {created
              ? t("app.recipeDetail.created", { date: created })
              : t("app.recipeDetail.createdUnknown")}
          </span>
          {wasUpdated && <span>{t("app.recipeDetail.updated", { date: updated })}</span>}
          {recipe.language !== currentLanguage() && (
            <span>
              {t("recipes.detail.writtenIn", { language: languageName(recipe.language) })}
            </span>
          )}
          {/* Who may read it, to those who may change it: "Public" too (issue 34 §19). */}
          {recipe.can_edit && (
            <span className="visibility-badge">{visibilityBadge(recipe.visibility)}</span>
          )}
        </div>
        <RecipeFacts recipe={recipe} tagHref={tagHref} />
        <div className="row recipe-actions">
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setCooking(true)}
          >
            {t("app.recipeDetail.cookMode")}
          </button>
          {user && (
            <AddToPlanner
              recipeId={recipe.id}
              recipeTitle={recipe.title}
              servings={recipe.servings ?? DEFAULT_GUESTS}
            />
          )}
          {user && (
            <AddRecipeToList recipeId={recipe.id} recipeTitle={recipe.title} guests={guests} />
          )}
          {user && (
            <SaveToCollections
              recipeId={recipe.id}
              recipeTitle={recipe.title}
              inCollections={recipe.in_collections}
              onChange={(ids) =>
                queryClient.setQueryData<RecipeDetail>(
                  recipeKeys.detail(recipe.id),
                  (detail) => detail && { ...detail, in_collections: ids },
                )
              }
            />
          )}
          {recipe.can_edit && (
            <>
              <Link to={`/recipes/${recipe.id}/edit`} className="btn btn-outline btn-small">
                {t("app.recipeCard.edit")}
              </Link>
              <button
                type="button"
                className="btn btn-danger btn-small"
                onClick={onDelete}
                disabled={deletion.isPending}
              >
                {t("app.recipeCard.delete")}
              </button>
            </>
          )}
          {recipe.can_report && (
            <ReportButton
              target={{ recipe_id: recipe.id }}
              title={t("app.recipeDetail.reportTitle")}
            />
          )}
        </div>
      </header>
      {cooking && (
        <Suspense fallback={<Loading text={t("app.recipeDetail.openingCookMode")} />}>
          <CookMode
            recipeId={recipe.id}
            title={recipe.title}
            instructionsHtml={recipe.content}
            lines={lines}
            guests={guests}
            onClose={() => setCooking(false)}
            timers={<TimerStrip className="timer-strip-cook" />}
            stepText={(html, step) => <StepTextWithTimers html={html} step={step} />}
          />
        </Suspense>
      )}
      {deleteError && (
        <ErrorBox>
          <p>{t("app.myRecipes.deleteFailed")}</p>
          <p>{deleteError}</p>
        </ErrorBox>
      )}
      {reloadError && (
        <ErrorBox>
          <p>{t("app.recipeDetail.reloadFailed")}</p>
          <p>{reloadError}</p>
        </ErrorBox>
      )}
      {recipe.image && (
        <RecipeImage
          src={recipe.image}
          alt={recipe.title}
          className="recipe-detail-image"
          priority
        />
      )}
      <div className="recipe-detail-columns">
        <div className="recipe-detail-side">
          <section className="card recipe-ingredients" aria-labelledby="ingredients-heading">
            <h2 id="ingredients-heading">{t("app.recipeDetail.ingredients")}</h2>
            <div className="field guests-field">
              <label htmlFor="guests">{t("app.recipeDetail.guests")}</label>
              <input
                id="guests"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                value={guestsText}
                onChange={(event) => setGuestsText(event.target.value)}
                onBlur={() => setGuestsText(String(guests))}
              />
            </div>
            <p className="print-only">{t("app.recipeDetail.forGuests", { count: guests })}</p>
            <GuestsAnnouncement guests={guests} />
            {recipe.recipe_ingredients.length === 0 ? (
              <p className="muted">{t("app.recipeDetail.noIngredients")}</p>
            ) : (
              <ul className="ingredient-list">
                {lines.map((line) => (
                  <li key={line.id}>
                    <LineAmount line={line} />
                    {line.name}
                    {line.note && <span className="ingredient-note">{line.note}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <Suspense fallback={null}>
            <WhatItContains recipe={recipe} guests={guests} />
          </Suspense>
        </div>
        <section className="recipe-instructions" aria-labelledby="instructions-heading">
          <h2 id="instructions-heading">{t("app.recipeDetail.instructions")}</h2>
          {recipe.content.trim() ? (
            <ServerHtml html={recipe.content} className="prose rich-text" lang={recipe.language} />
          ) : (
            <p className="muted">{t("app.recipeDetail.noInstructions")}</p>
          )}
          {recipe.notes && (
            <section className="recipe-notes" aria-labelledby="notes-heading">
              <h3 id="notes-heading">{t("app.recipeDetail.notes")}</h3>
              <p className="recipe-notes-text" lang={recipe.language}>
                {recipe.notes}
              </p>
            </section>
          )}
        </section>
      </div>
      {recipe.can_rate && (
        <section className="card recipe-rating" aria-labelledby="rating-heading">
          <h2 id="rating-heading">{t("app.recipeDetail.rateHeading")}</h2>
          <RatingForm recipeId={recipe.id} csrfToken={csrfToken} onRated={onRated} />
        </section>
      )}
      <section className="card recipe-reviews" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{t("app.recipeDetail.reviews")}</h2>
        <Reviews recipeId={recipe.id} />
      </section>
      <FeedComments recipeId={recipe.id} />
    </>
  );
}

/**
 * The comments cooks wrote under the recipe's feed posts (issue 34 §17, decision 0034), oldest
 * first, as the reader sees them in their feed: the recipe's one conversation, of which the
 * reviews above are the other half. Shown only when there are some.
 */
function FeedComments({ recipeId }: { recipeId: number }) {
  const conversation = useRecipeConversation(recipeId);
  const comments = (conversation.data ?? []).filter((entry) => entry.kind === "comment");
  if (comments.length === 0) return null;
  return (
    <section className="card recipe-feed-comments" aria-labelledby="feed-comments-heading">
      <h2 id="feed-comments-heading">{t("app.recipeDetail.feedComments")}</h2>
      <ul className="comment-list">
        {comments.map((entry) => (
          <ConversationEntryRow key={`${entry.kind}-${entry.id}`} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

/** The amount of a line and a space ("2 eggs"); none for "Salt to taste". A count rounded to a
 * quarter or third shows its exact amount on hover. */
function LineAmount({ line }: { line: { amount: string; exact?: string } }) {
  if (!line.amount) return null;
  return (
    <>
      <span
        className="ingredient-amount"
        title={line.exact ? t("app.recipeDetail.exactly", { amount: line.exact }) : undefined}
      >
        <LeftToRightNumbers text={line.amount} />
      </span>{" "}
    </>
  );
}

/**
 * Tells screen readers the quantities changed once the Guests field settles, in one short
 * sentence, instead of re-reading the whole ingredient list on every keystroke. Nothing is said
 * for the guests the page opened with.
 */
function GuestsAnnouncement({ guests }: { guests: number }) {
  const settled = useDebouncedValue(guests, ANNOUNCE_GUESTS_AFTER_MS);
  const [opened] = useState(guests);
  const [spoken, setSpoken] = useState(false);
  if (!spoken && settled !== opened) setSpoken(true);
  return (
    <p className="visually-hidden" role="status">
      {spoken ? t("app.recipeDetail.quantitiesNow", { count: settled }) : ""}
    </p>
  );
}
