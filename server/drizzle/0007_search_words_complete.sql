-- Search now expands a query word into the lexicon's words that start with it, so the lexicon
-- must hold every word of every search row. The writes have kept it so since it was made;
-- this adds any that an earlier migration's rebuild of the search rows may have left out.
INSERT INTO "search_words" ("word")
SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "recipe_search"
ON CONFLICT DO NOTHING;
