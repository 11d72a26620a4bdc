DROP INDEX "icons_project_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "icons_project_id_created_at_id_idx" ON "icons" USING btree ("project_id","created_at","id");