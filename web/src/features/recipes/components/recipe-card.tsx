import type { RecipeListItem } from "@potluck/contract";
import type { ReactNode } from "react";
import { RecipeImage } from "../../../components/recipe-image";
import { StarRating } from "../../../components/star-rating";
import { formatDate } from "../format";

/** A recipe in a card grid: picture, title, stars, author, optional date, then `actions`. */
export function RecipeCard({
  recipe,
  showDate = false,
  actions,
}: {
  recipe: RecipeListItem;
  showDate?: boolean;
  actions: ReactNode;
}) {
  return (
    <article className="recipe-card">
      <RecipeImage src={recipe.image_card ?? recipe.image} alt="" className="recipe-card-image" />
      <div className="recipe-card-body">
        <h2 className="recipe-card-title">{recipe.title}</h2>
        <StarRating value={recipe.average_rating} count={recipe.rating_count} />
        <p className="recipe-card-meta">
          By {recipe.author_username || "Unknown"}
          {showDate && (
            <>
              <br />
              <span className="muted">{formatDate(recipe.created_on) ?? "Date unknown"}</span>
            </>
          )}
        </p>
        <div className="recipe-card-actions">{actions}</div>
      </div>
    </article>
  );
}
