-- Nothing is lost (issue 22): icon versions, icons deleted in the last 30 days, deleted projects and
-- workspaces kept 30 days, aliases of renamed icons, and releases.
CREATE TABLE "deleted_icons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"svg" text NOT NULL,
	"user_id" text,
	"origin_icon_id" uuid,
	"project_id" uuid NOT NULL,
	"workspace_id" uuid,
	"icon_status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"revision" integer NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" text,
	"with_project" uuid
);
--> statement-breakpoint
CREATE TABLE "icon_versions" (
	"icon_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"svg" text NOT NULL,
	"icon_status" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"change" jsonb NOT NULL,
	CONSTRAINT "icon_versions_icon_id_revision_pk" PRIMARY KEY("icon_id","revision")
);
--> statement-breakpoint
CREATE TABLE "project_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"icons" jsonb NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "aliases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD CONSTRAINT "deleted_icons_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD CONSTRAINT "deleted_icons_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD CONSTRAINT "deleted_icons_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_icons" ADD CONSTRAINT "deleted_icons_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "icon_versions" ADD CONSTRAINT "icon_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_releases" ADD CONSTRAINT "project_releases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_releases" ADD CONSTRAINT "project_releases_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_icons_project_id_deleted_at_idx" ON "deleted_icons" USING btree ("project_id","deleted_at");--> statement-breakpoint
CREATE INDEX "deleted_icons_deleted_at_idx" ON "deleted_icons" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_releases_project_id_version_idx" ON "project_releases" USING btree ("project_id","version");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Icons kept before history existed: their current state is their first version.
INSERT INTO "icon_versions" ("icon_id", "revision", "project_id", "name", "svg", "icon_status", "user_id", "created_at", "change")
SELECT "id", 1, "project_id", "name", "svg", "icon_status", "user_id", "updated_at", '{"kind":"created","fields":[]}'::jsonb FROM "icons";
