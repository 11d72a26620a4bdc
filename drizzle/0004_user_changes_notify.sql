-- A user's row changed (plan, status, e-mail; or deleted), by whatever wrote it: every process
-- forgets its cached sessions of that user (server/session-cache.ts, ADR 0303). Sent inside the
-- writing transaction, so it is delivered on commit.
CREATE OR REPLACE FUNCTION "iconvault_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('iconvault_changes', json_build_object('entity', 'users', 'op', 'changed', 'ids', json_build_array(coalesce(NEW."id", OLD."id")))::text);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_changed_notify" AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "iconvault_user_changed"();
