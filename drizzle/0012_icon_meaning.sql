-- What icons mean and whether they repeat (issue 25): accessibility label, description, decorative flag,
-- tags, and the hashes that find duplicates (filled when a drawing is written; null until then).
ALTER TABLE "icons" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "drawing_hash" text;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE INDEX "icons_project_id_drawing_hash_idx" ON "icons" USING btree ("project_id","drawing_hash");