-- A deleted icon keeps what it means and its duplicate measures (issue 25), so a restore loses none of it.
ALTER TABLE "deleted_icons" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD COLUMN "decorative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD COLUMN "drawing_hash" text;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD COLUMN "fingerprint" text;