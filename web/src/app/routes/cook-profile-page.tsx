import { isReservedUsername } from "@potluck/contract/limits";
import { Link, useParams } from "react-router";
import { ErrorBox, Loading } from "../../components/status";
import { FilterBar } from "../../features/recipe-filters/components/filter-bar";
import { noMatchesFor } from "../../features/recipe-filters/components/no-matches";
import { useRecipeFilters } from "../../features/recipe-filters/use-recipe-filters";
import { useRecipeList } from "../../features/recipes/api/get-recipes";
import { RecipeCard } from "../../features/recipes/components/recipe-card";
import { RecipeGrid } from "../../features/recipes/components/recipe-grid";
import { useCookProfile } from "../../features/users/api/get-cook-profile";
import { CookProfileHeader } from "../../features/users/components/cook-profile-header";
import { ApiError, reasonOf } from "../../lib/api-client";
import { t } from "../../lib/i18n";
import { useSession } from "../../lib/session";
import { useDocumentTitle } from "../../lib/use-document-title";

/** `/cooks/{username}`: a cook, their counts, Follow / Unfollow, and the recipes I may read. */
export default function CookProfilePage() {
  const username = useParams().username ?? "";
  useDocumentTitle(username);
  // A reserved name is the address of another API path (RESERVED_USERNAMES): no such cook.
  if (isReservedUsername(username)) return <NoSuchCook />;
  return <CookProfile username={username} />;
}

function CookProfile({ username }: { username: string }) {
  const { user } = useSession();
  const profile = useCookProfile(username);
  const { filters, setFilters } = useRecipeFilters();
  const recipes = useRecipeList({ author: username, ...filters }, { keepPrevious: true });

  if (profile.isPending) return <Loading text={t("app.cookProfile.loading")} />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NoSuchCook />;
    return (
      <section className="page">
        <ErrorBox>
          <p>{t("app.cookProfile.loadFailed")}</p>
          <p>{reasonOf(profile.error)}</p>
        </ErrorBox>
      </section>
    );
  }
  const isMe = user?.id === profile.data.id;
  return (
    <section className="page">
      <CookProfileHeader profile={profile.data} />
      <h2 className="cook-profile-recipes-heading">{t("app.cookProfile.recipes")}</h2>
      <FilterBar filters={filters} onChange={setFilters} />
      <RecipeGrid
        query={recipes}
        emptyText={isMe ? t("app.cookProfile.noOwnRecipes") : t("app.cookProfile.noRecipes")}
        empty={noMatchesFor(filters, setFilters)}
        renderCard={(recipe, index) => (
          <RecipeCard
            recipe={recipe}
            to={`/recipe/${recipe.id}/${recipe.slug}`}
            first={index === 0}
            showDate
            actions={
              <Link
                to={`/recipe/${recipe.id}/${recipe.slug}`}
                className="btn btn-primary btn-small"
                aria-label={t("app.recipeCard.readMoreLabel", { title: recipe.title })}
              >
                {t("app.recipeCard.readMore")}
              </Link>
            }
          />
        )}
      />
    </section>
  );
}

function NoSuchCook() {
  return (
    <section className="page">
      <h1>{t("app.cookProfile.notFound")}</h1>
      <p>{t("app.cookProfile.notFoundText")}</p>
      <p>
        <Link to="/explore">{t("app.notFound.exploreLink")}</Link>
      </p>
    </section>
  );
}
