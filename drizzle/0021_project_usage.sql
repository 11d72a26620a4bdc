ALTER TABLE "projects" ADD COLUMN "icon_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "svg_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The trigger that bumps list_version on any change of a project's icons (0005) also keeps the
-- project's icon count and markup bytes, in the same statement and transaction: the storage quota
-- (ADR 0308) sums a scope's projects instead of reading every icon of the scope (ADR 0113).
CREATE OR REPLACE FUNCTION "iconvault_icons_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "projects" p SET "list_version" = p."list_version" + 1, "icon_count" = p."icon_count" + d.n, "svg_bytes" = p."svg_bytes" + d.b
		FROM (SELECT "project_id", count(*) AS n, coalesce(sum(octet_length("svg")), 0) AS b FROM "new_rows" GROUP BY "project_id") d
		WHERE p."id" = d."project_id";
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "projects" p SET "list_version" = p."list_version" + 1, "icon_count" = p."icon_count" - d.n, "svg_bytes" = p."svg_bytes" - d.b
		FROM (SELECT "project_id", count(*) AS n, coalesce(sum(octet_length("svg")), 0) AS b FROM "old_rows" GROUP BY "project_id") d
		WHERE p."id" = d."project_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "projects" p SET "icon_count" = d.n, "svg_bytes" = d.b
FROM (SELECT "project_id", count(*) AS n, coalesce(sum(octet_length("svg")), 0) AS b FROM "icons" GROUP BY "project_id") d
WHERE p."id" = d."project_id";
