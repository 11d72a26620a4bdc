-- Each icon's name key in the grid's name order (ADR 0419), kept by the database on every write: the
-- same key as common/name-order.ts's nameKey (server/db/name-key.test.ts compares the two), so a
-- large project's first screen is read from an index instead of ordering every name of the project.
-- Null for a name outside the key's alphabet (ASCII letters, digits, space, _ - .): the collator
-- orders those. A run of digits is its value without leading zeros after a mark (chr 16) and its
-- length (chr 32 + length); letters lower-cased by hand (lower() follows the database's locale); the
-- four marks become chr 1 to 4.
CREATE FUNCTION "icon_name_key"(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN name ~ '^[A-Za-z0-9 _.-]*$' THEN coalesce((
    SELECT string_agg(
      CASE WHEN part[1] ~ '^[0-9]'
        THEN chr(16) || chr(32 + length(ltrim(part[1], '0'))) || ltrim(part[1], '0')
        ELSE translate(part[1], 'ABCDEFGHIJKLMNOPQRSTUVWXYZ _-.',
          'abcdefghijklmnopqrstuvwxyz' || chr(1) || chr(2) || chr(3) || chr(4))
      END, '' ORDER BY at)
    FROM regexp_matches(name, '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS parts(part, at)
  ), '') END
$$;--> statement-breakpoint
ALTER TABLE "icons" ADD COLUMN "name_key" text GENERATED ALWAYS AS (icon_name_key(name)) STORED;--> statement-breakpoint
CREATE INDEX "icons_project_id_name_key_idx" ON "icons" USING btree ("project_id","name_key" collate "C","id");
