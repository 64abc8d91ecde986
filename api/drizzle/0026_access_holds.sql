-- Issue 24: credentials end together. A key ended by a password change, a reset or staff ending
-- the sessions says why on the account screen (null: revoked by its owner before this column).
ALTER TABLE "app"."api_keys" ADD COLUMN "revoked_reason" text;
--> statement-breakpoint
-- Every changelog row records the credential it came through: the session (its id is the SHA-256
-- of the cookie, not the cookie) or the API key.
ALTER TABLE "app"."changelog" ADD COLUMN "session_id" text;
--> statement-breakpoint
ALTER TABLE "app"."changelog" ADD COLUMN "api_key_id" integer;
