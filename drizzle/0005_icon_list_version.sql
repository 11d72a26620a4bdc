ALTER TABLE "projects" ADD COLUMN "list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any change of a project's icons, by whatever wrote it, bumps the project's list_version in the same
-- transaction: a serialised icon list kept for a list_version is never served after a change.
CREATE OR REPLACE FUNCTION "iconvault_icons_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "projects" SET "list_version" = "list_version" + 1 WHERE "id" IN (SELECT DISTINCT "project_id" FROM "new_rows");
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "projects" SET "list_version" = "list_version" + 1 WHERE "id" IN (SELECT DISTINCT "project_id" FROM "old_rows");
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "icons_listed_insert" AFTER INSERT ON "icons" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "iconvault_icons_listed"();--> statement-breakpoint
CREATE TRIGGER "icons_listed_update" AFTER UPDATE ON "icons" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "iconvault_icons_listed"();--> statement-breakpoint
CREATE TRIGGER "icons_listed_delete" AFTER DELETE ON "icons" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "iconvault_icons_listed"();
