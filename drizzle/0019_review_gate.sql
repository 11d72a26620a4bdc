-- The review gate (ADR 0112): the review log, each icon's approved revision and review comment (kept
-- in the trash too), and when it entered review (the review queue's order, with its index).
CREATE TABLE "icon_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"icon_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"override" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" text,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD COLUMN "approved_revision" integer;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD COLUMN "review_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "approved_revision" integer;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "review_comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "review_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "icon_reviews" ADD CONSTRAINT "icon_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "icon_reviews_icon_id_id_idx" ON "icon_reviews" USING btree ("icon_id","id");--> statement-breakpoint
CREATE INDEX "icons_review_queue_idx" ON "icons" USING btree ("workspace_id","review_since","id") WHERE "icons"."icon_status" = 'needs-review';--> statement-breakpoint
-- Icons kept from before: the last revision recorded approved (the current one when approved), and
-- waiting since their last change.
UPDATE "icons" SET
  "approved_revision" = CASE WHEN "icon_status" = 'approved' THEN "revision" ELSE (
    SELECT max(v."revision") FROM "icon_versions" v WHERE v."icon_id" = "icons"."id" AND v."icon_status" = 'approved') END,
  "review_since" = CASE WHEN "icon_status" = 'needs-review' THEN "updated_at" END;--> statement-breakpoint
UPDATE "deleted_icons" SET "approved_revision" = "revision" WHERE "icon_status" = 'approved';--> statement-breakpoint
-- Whatever writes an icon (create, move, replace, restore, rename, review, undelete), the gate's
-- bookkeeping follows: an approved icon's approved_revision is its revision; entering needs-review
-- stamps review_since (a batch keeps its order: its created_at are a millisecond apart); a new
-- drawing clears the review comment.
CREATE FUNCTION "iconvault_icon_review"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."icon_status" = 'approved' THEN
    NEW."approved_revision" := NEW."revision";
    NEW."review_since" := NULL;
  ELSIF TG_OP = 'INSERT' THEN
    NEW."review_since" := greatest(now(), NEW."created_at");
  ELSIF OLD."icon_status" IS DISTINCT FROM 'needs-review' OR NEW."review_since" IS NULL THEN
    NEW."review_since" := now();
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."svg" IS DISTINCT FROM OLD."svg" THEN
    NEW."review_comment" := '';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "icons_review" BEFORE INSERT OR UPDATE ON "icons"
FOR EACH ROW EXECUTE FUNCTION "iconvault_icon_review"();
