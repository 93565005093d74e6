-- Searches match anywhere in a name (`%term%`), which no b-tree serves: trigram indexes (pg_trgm, a trusted
-- extension since PostgreSQL 13; PGlite loads it from its contrib build) make a term of three characters or
-- more an index scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "client_companies_search_trgm_idx" ON "client_companies" USING gin ("name" gin_trgm_ops,"email" gin_trgm_ops,"registration_number" gin_trgm_ops,"postcode" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "individuals_search_trgm_idx" ON "individuals" USING gin ("full_name" gin_trgm_ops,"email" gin_trgm_ops,"telephone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_name_trgm_idx" ON "tasks" USING gin ("name" gin_trgm_ops);