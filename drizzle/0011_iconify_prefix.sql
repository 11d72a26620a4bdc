-- Iconify prefix per project (issue 24): derived from the name, editable, unique among the live
-- projects of a workspace (or of a personal owner). A row inserted with a blank prefix gets one
-- derived here, so every writer (route, sync, copy, restore script) agrees on the rule.
ALTER TABLE "projects" ADD COLUMN "iconify_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "iconvault_iconify_prefix"(p_name text, p_scope text, p_id uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  base text := trim(both '-' from regexp_replace(lower(coalesce(p_name, '')), '[^a-z0-9]+', '-', 'g'));
  candidate text;
  n integer := 1;
BEGIN
  base := left(base, 40);
  base := trim(both '-' from base);
  IF base = '' THEN base := 'icons'; END IF;
  candidate := base;
  WHILE EXISTS (
    SELECT 1 FROM "projects"
    WHERE coalesce("workspace_id"::text, "user_id") = p_scope AND "iconify_prefix" = candidate
      AND "deleted_at" IS NULL AND "id" <> p_id
  ) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT "id", "name", coalesce("workspace_id"::text, "user_id") AS scope FROM "projects" ORDER BY "created_at", "id" LOOP
    UPDATE "projects" SET "iconify_prefix" = "iconvault_iconify_prefix"(r.name, r.scope, r.id) WHERE "id" = r.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION "iconvault_projects_iconify_prefix"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."iconify_prefix" = '' THEN
    NEW."iconify_prefix" := "iconvault_iconify_prefix"(NEW."name", coalesce(NEW."workspace_id"::text, NEW."user_id"), NEW."id");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_iconify_prefix" BEFORE INSERT ON "projects"
FOR EACH ROW EXECUTE FUNCTION "iconvault_projects_iconify_prefix"();--> statement-breakpoint
CREATE UNIQUE INDEX "projects_iconify_prefix_unique" ON "projects" USING btree (coalesce("workspace_id"::text, "user_id"),"iconify_prefix") WHERE "projects"."deleted_at" is null;
