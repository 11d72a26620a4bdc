-- One slug (common/slug.ts, ADR 0104): the default Iconify prefix of a project takes the rule every
-- output uses (NFKD, combining accents dropped, camelCase split, runs of anything but A-Z a-z 0-9
-- separate words), so "Café Icons" gets cafe-icons (not caf-icons) and "BrandIcons" brand-icons (not
-- brandicons). Only the function changes: prefixes already given stay as they are.
CREATE OR REPLACE FUNCTION "iconvault_iconify_prefix"(p_name text, p_scope text, p_id uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  base text := coalesce(p_name, '');
  candidate text;
  n integer := 1;
BEGIN
  IF base ~ '[^\x20-\x7e]' THEN
    base := regexp_replace(normalize(base, NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g');
  END IF;
  base := regexp_replace(base, '([a-z0-9])([A-Z])', '\1-\2', 'g');
  base := regexp_replace(base, '([A-Z]+)([A-Z][a-z])', '\1-\2', 'g');
  base := trim(both '-' from regexp_replace(lower(base), '[^a-z0-9]+', '-', 'g'));
  base := trim(both '-' from left(base, 40));
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
END $$;
