-- Trigram matching for typo-tolerant search, unaccent for accent-insensitive search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
