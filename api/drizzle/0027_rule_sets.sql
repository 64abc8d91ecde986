CREATE TABLE "app"."rule_set_publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_set_id" text NOT NULL,
	"effective_from" date NOT NULL,
	"definition" jsonb NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_set_publications_rule_set_id_unique" UNIQUE("rule_set_id")
);
--> statement-breakpoint
ALTER TABLE "app"."rule_set_publications" ADD CONSTRAINT "rule_set_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "app"."obligation_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"label" text,
	"note" text,
	"closed_by" integer,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "obligation_proofs_promotion_code_unique" UNIQUE("promotion_id","code")
);
--> statement-breakpoint
ALTER TABLE "app"."obligation_proofs" ADD CONSTRAINT "obligation_proofs_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "app"."obligation_proofs" ADD CONSTRAINT "obligation_proofs_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "app"."invoices" ADD COLUMN "rule_set_id" text;
--> statement-breakpoint
ALTER TABLE "app"."lodgement_packs" ADD COLUMN "rule_set_id" text;
--> statement-breakpoint
-- An invoice's lines and a lodgement pack's forms are the promotion's fees at that moment, so the
-- rule set that priced them is the one in the promotion's fees: recorded here, once, whichever
-- code path writes the row (the payment and pack code need not know about rule sets).
CREATE FUNCTION "app"."invoice_rule_set_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.rule_set_id IS NULL THEN
		NEW.rule_set_id := (SELECT p.fees ->> 'ruleSetId' FROM "app"."promotions" p WHERE p.id = NEW.promotion_id);
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
-- A pack is rebuilt for a new promotion version: it records the set of the version it is built for.
CREATE FUNCTION "app"."lodgement_pack_rule_set_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' OR NEW.version IS DISTINCT FROM OLD.version OR NEW.rule_set_id IS NULL THEN
		NEW.rule_set_id := (SELECT p.fees ->> 'ruleSetId' FROM "app"."promotions" p WHERE p.id = NEW.promotion_id);
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_record_rule_set_id" BEFORE INSERT ON "app"."invoices" FOR EACH ROW EXECUTE FUNCTION "app"."invoice_rule_set_id"();
--> statement-breakpoint
CREATE TRIGGER "lodgement_packs_record_rule_set_id" BEFORE INSERT OR UPDATE ON "app"."lodgement_packs" FOR EACH ROW EXECUTE FUNCTION "app"."lodgement_pack_rule_set_id"();
