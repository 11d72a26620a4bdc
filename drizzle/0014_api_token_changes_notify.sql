-- An API token was revoked, narrowed, given an expiry or deleted, by whatever wrote it: every process
-- forgets the Iconify answers it kept (server/cache/iconify-answers.ts, ADR 0021), so the next request
-- with a revoked token is refused wherever it lands. Its last use being written is not such a change.
-- Sent inside the writing transaction, so it is delivered on commit.
CREATE OR REPLACE FUNCTION "iconvault_api_token_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('iconvault_changes', json_build_object('entity', 'api_tokens', 'op', 'changed', 'ids', json_build_array(coalesce(NEW."id", OLD."id")))::text);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "api_token_changed_notify" AFTER UPDATE OF "revoked_at", "expires_at", "scope", "project_ids", "user_id" OR DELETE ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION "iconvault_api_token_changed"();
