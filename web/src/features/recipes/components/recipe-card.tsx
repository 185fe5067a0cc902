import type { RecipeListItem } from "@potluck/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CookLink } from "../../../components/cook-link";
import { HiddenByModerator } from "../../../components/hidden-by-moderator";
import { RecipeImage } from "../../../components/recipe-image";
import { StarRating } from "../../../components/star-rating";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
import { formatDate } from "../format";

/**
 * A recipe in a card grid: picture, title, stars, author, optional date, then `actions`. The
 * title is a link to the recipe (`to`, with router `state`) stretched over the whole card, so a
 * tap on the picture or the title opens it; the author's link and the actions sit above it.
 */
export function RecipeCard({
  recipe,
  to,
  state,
  showDate = false,
  first = false,
  actions,
}: {
  recipe: RecipeListItem;
  /** Where the recipe opens: the same place as the card's View / Read More. */
  to: string;
  state?: unknown;
  showDate?: boolean;
  /** The grid's first card: its picture is usually the largest thing on a phone's screen. */
  first?: boolean;
  actions: ReactNode;
}) {
  return (
    <article className="recipe-card">
      <RecipeImage
        src={recipe.image_card ?? recipe.image}
        alt=""
        className="recipe-card-image"
        priority={first}
      />
      <div className="recipe-card-body">
        <h2 className="recipe-card-title" lang={recipe.language}>
          <Link to={to} state={state} className="recipe-card-link">
            {recipe.title}
          </Link>
        </h2>
        {recipe.hidden_by_moderator && <HiddenByModerator what="recipe" />}
        <StarRating value={recipe.average_rating} count={recipe.rating_count} />
        <p className="recipe-card-meta">
          {tRich("recipes.card.by", { cook: <CookLink username={recipe.author_username} /> })}
          {showDate && (
            <>
              <br />
              <span className="muted">
                {formatDate(recipe.created_on) ?? t("recipes.card.dateUnknown")}
              </span>
            </>
          )}
        </p>
        <div className="recipe-card-actions">{actions}</div>
      </div>
    </article>
  );
}
