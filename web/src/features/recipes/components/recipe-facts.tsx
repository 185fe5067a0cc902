import type { RecipeDetail } from "@potluck/contract";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { t } from "../../../lib/i18n";
import { tRich } from "../../../lib/i18n/rich";
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
              <span className="visually-hidden">{t("recipes.facts.time")}</span>
              {times}
            </span>
          )}
          {host && recipe.source_url && (
            <span className="recipe-source">
              {tRich("recipes.facts.from", {
                host,
                link: (chunks: ReactNode[]) => (
                  <a
                    href={recipe.source_url ?? undefined}
                    target="_blank"
                    rel="noopener nofollow ugc"
                  >
                    {/* The host, then the hidden words: an element among them needs a key. */}
                    {chunks.map((chunk, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move.
                      <Fragment key={index}>{chunk}</Fragment>
                    ))}
                  </a>
                ),
                hidden: (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>,
              })}
            </span>
          )}
          {sourceName && (
            <span className="recipe-source-name">
              {t("recipes.facts.source", { name: sourceName })}
            </span>
          )}
        </p>
      )}
      {recipe.tags.length > 0 && (
        <ul className="recipe-tags" aria-label={t("recipes.facts.tags")}>
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
