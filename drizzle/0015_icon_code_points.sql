-- Each icon's code point in its project's icon font, kept for good once given (ADR 0105): a deleted,
-- restored or moved icon never moves another's glyph. Goes with its project.
CREATE TABLE "icon_code_points" (
	"project_id" uuid NOT NULL,
	"icon_id" uuid NOT NULL,
	"code_point" integer NOT NULL,
	CONSTRAINT "icon_code_points_project_id_icon_id_pk" PRIMARY KEY("project_id","icon_id")
);
--> statement-breakpoint
ALTER TABLE "icon_code_points" ADD CONSTRAINT "icon_code_points_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "icon_code_points_project_id_code_point_idx" ON "icon_code_points" USING btree ("project_id","code_point");