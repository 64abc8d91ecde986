-- Issue 24: credentials end together. A key ended by a password change, a reset or staff ending
-- the sessions says why on the account screen (null: revoked by its owner before this column).
ALTER TABLE "app"."api_keys" ADD COLUMN "revoked_reason" text;
--> statement-breakpoint
-- Every changelog row records the credential it came through: the session (its id is the SHA-256
-- of the cookie, not the cookie) or the API key.
ALTER TABLE "app"."changelog" ADD COLUMN "session_id" text;
--> statement-breakpoint
ALTER TABLE "app"."changelog" ADD COLUMN "api_key_id" integer;
--> statement-breakpoint
-- Calendar feed secrets are stored hashed (SHA-256, like API keys: 24 random bytes need no slow
-- hash); the address is shown once when made. Existing addresses keep working.
ALTER TABLE "app"."calendar_feeds" ADD COLUMN "token_hash" text;
--> statement-breakpoint
UPDATE "app"."calendar_feeds" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
--> statement-breakpoint
ALTER TABLE "app"."calendar_feeds" ALTER COLUMN "token_hash" SET NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "app"."calendar_feeds_token_idx";
--> statement-breakpoint
ALTER TABLE "app"."calendar_feeds" DROP COLUMN "token";
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_idx" ON "app"."calendar_feeds" USING btree ("token_hash");
