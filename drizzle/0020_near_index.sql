CREATE TABLE "icon_near_links" (
	"project_id" uuid NOT NULL,
	"icon_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	CONSTRAINT "icon_near_links_icon_id_other_id_pk" PRIMARY KEY("icon_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "icon_prints" (
	"icon_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"drawing_hash" text NOT NULL,
	"near_keys" bigint[] NOT NULL,
	"solid" bit(1024),
	"touched" bit(1024)
);
--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "near_project" uuid;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "near_hash" text;--> statement-breakpoint
ALTER TABLE "icon_near_links" ADD CONSTRAINT "icon_near_links_icon_id_icons_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."icons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "icon_near_links" ADD CONSTRAINT "icon_near_links_other_id_icons_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."icons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "icon_prints" ADD CONSTRAINT "icon_prints_icon_id_icons_id_fk" FOREIGN KEY ("icon_id") REFERENCES "public"."icons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "icon_near_links_other_id_idx" ON "icon_near_links" USING btree ("other_id");--> statement-breakpoint
CREATE INDEX "icon_near_links_project_id_idx" ON "icon_near_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "icon_prints_near_keys_idx" ON "icon_prints" USING gin ("near_keys") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "icons_project_id_unindexed_idx" ON "icons" USING btree ("project_id") WHERE "icons"."drawing_hash" is null or "icons"."fingerprint" is null or "icons"."near_hash" is distinct from "icons"."drawing_hash" or "icons"."near_project" is distinct from "icons"."project_id";--> statement-breakpoint
CREATE INDEX "icons_project_id_aliased_idx" ON "icons" USING btree ("project_id") WHERE "icons"."aliases" <> '[]'::jsonb;