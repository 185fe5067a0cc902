import type { RecipeDetail } from "@potluck/contract";
import { Link } from "react-router";
import { recipeTimes, sourceHost } from "../tags-times";

/**
 * Under a recipe's title: its times ("Prep 15 min · Cook 30 min · Total 45 min"), where it
 * comes from ("From site.com", opening the page in a new tab; "Source: Nonna") and its tags, each a link to the
 * recipes with that tag (`tagHref`, given by the page). Nothing for a recipe that says none.
 */
export function RecipeFacts({
  recipe,
  tagHref,
}: {
  recipe: Pick<
    RecipeDetail,
    "tags" | "prep_minutes" | "cook_minutes" | "total_minutes" | "source_url"
  > &
    Partial<Pick<RecipeDetail, "source_name">>;
  tagHref: (tag: string) => string;
}) {
  const times = recipeTimes(recipe);
  const host = recipe.source_url ? sourceHost(recipe.source_url) : null;
  const sourceName = recipe.source_name ?? null;
  if (!times && !host && !sourceName && recipe.tags.length === 0) return null;
  return (
    <div className="recipe-facts">
      {(times || host || sourceName) && (
        <p className="recipe-facts-line">
          {times && (
            <span className="recipe-times">
              <span className="visually-hidden">Time: </span>
              {times}
            </span>
          )}
          {host && recipe.source_url && (
            <span className="recipe-source">
              From{" "}
              <a href={recipe.source_url} target="_blank" rel="noopener nofollow ugc">
                {host}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </span>
          )}
          {sourceName && <span className="recipe-source-name">Source: {sourceName}</span>}
        </p>
      )}
      {recipe.tags.length > 0 && (
        <ul className="recipe-tags" aria-label="Tags">
          {recipe.tags.map((tag) => (
            <li key={tag}>
              <Link className="tag-link" to={tagHref(tag)}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
