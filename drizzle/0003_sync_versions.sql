CREATE TABLE "sync_scopes" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"pruned_through" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_tombstones" (
	"scope" text NOT NULL,
	"entity" text NOT NULL,
	"id" text NOT NULL,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_tombstones_scope_entity_id_pk" PRIMARY KEY("scope","entity","id")
);
--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces_access" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sync_tombstones_scope_version_idx" ON "sync_tombstones" USING btree ("scope","version");--> statement-breakpoint
CREATE INDEX "icons_workspace_id_version_idx" ON "icons" USING btree ("workspace_id","version");--> statement-breakpoint
-- Rows written before change versions get one version each per scope, in creation order, so a
-- first pull pages through them like any other changes (ADR 0303).
CREATE TEMP TABLE "sync_backfill" ON COMMIT DROP AS
SELECT "scope", "entity", "id", row_number() OVER (PARTITION BY "scope" ORDER BY "created_at", "entity", "id") AS "v" FROM (
	SELECT "id"::text AS "scope", 'workspaces' AS "entity", "id", "created_at" FROM "workspaces"
	UNION ALL SELECT "workspace_id"::text, 'workspaces_access', "id", "created_at" FROM "workspaces_access"
	UNION ALL SELECT coalesce("workspace_id"::text, 'user:' || "user_id"), 'projects', "id", "created_at" FROM "projects"
	UNION ALL SELECT coalesce(i."workspace_id"::text, 'user:' || p."user_id"), 'icons', i."id", i."created_at"
		FROM "icons" i JOIN "projects" p ON p."id" = i."project_id"
) AS "rows";--> statement-breakpoint
UPDATE "workspaces" t SET "version" = b."v" FROM "sync_backfill" b WHERE b."entity" = 'workspaces' AND b."id" = t."id";--> statement-breakpoint
UPDATE "workspaces_access" t SET "version" = b."v" FROM "sync_backfill" b WHERE b."entity" = 'workspaces_access' AND b."id" = t."id";--> statement-breakpoint
UPDATE "projects" t SET "version" = b."v" FROM "sync_backfill" b WHERE b."entity" = 'projects' AND b."id" = t."id";--> statement-breakpoint
UPDATE "icons" t SET "version" = b."v" FROM "sync_backfill" b WHERE b."entity" = 'icons' AND b."id" = t."id";--> statement-breakpoint
INSERT INTO "sync_scopes" ("scope", "version") SELECT "scope", max("v") FROM "sync_backfill" GROUP BY "scope";
