-- Staff promotion search (issue 13): free text over name, applicant, organisation, e-mail and
-- permit number, by trigram so "contains" searches use an index at 100,000 promotions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "promotions_search_trgm_idx" ON "app"."promotions" USING gin ((lower(coalesce("name", '') || ' ' || coalesce("applicant"->>'organisation', '') || ' ' || coalesce("applicant"->>'tradingName', '') || ' ' || coalesce("applicant"#>>'{contact,firstName}', '') || ' ' || coalesce("applicant"#>>'{contact,lastName}', '') || ' ' || coalesce("applicant"#>>'{contact,email}', '') || ' ' || "permit_numbers"::text)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "app"."users" USING gin ((lower("email" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "account_name")) gin_trgm_ops);--> statement-breakpoint
-- Staff search by account (any status, deleted ones too), newest first.
CREATE INDEX IF NOT EXISTS "promotions_user_id_idx" ON "app"."promotions" ("user_id", "id");--> statement-breakpoint
-- Outstanding list: the waiting statuses, oldest submission first.
CREATE INDEX IF NOT EXISTS "promotions_waiting_idx" ON "app"."promotions" ("submitted_at", "id") WHERE "deleted" = false AND "status_id" IN (4, 5, 9, 11, 13, 15);
