-- A disabled cook's ratings no longer count in a recipe's average (issue 35 §3; disabling and
-- enabling now take them out and put them back). Recipes rated by cooks disabled before this
-- migration get their totals from the ratings of cooks who are not disabled.
UPDATE "recipes" r
SET "rating_sum" = t.stars, "rating_count" = t.n
FROM (
  SELECT ra."recipe_id" AS id,
    coalesce(sum(ra."rating") FILTER (WHERE u."disabled_at" IS NULL), 0)::int AS stars,
    (count(*) FILTER (WHERE u."disabled_at" IS NULL))::int AS n
  FROM "ratings" ra JOIN "users" u ON u."id" = ra."author_id"
  WHERE ra."recipe_id" IN (
    SELECT r2."recipe_id" FROM "ratings" r2 JOIN "users" u2 ON u2."id" = r2."author_id"
    WHERE u2."disabled_at" IS NOT NULL
  )
  GROUP BY ra."recipe_id"
) t
WHERE r."id" = t.id;
