-- Which project answers an Iconify prefix for a user's tokens (ADR 0021): a pin recorded the first time
-- the prefix answers, or chosen by the user. A pin the user chose, changed or dropped (by whatever wrote
-- it) changes what an unrestricted token answers: every process forgets the Iconify answers it kept
-- (server/cache/iconify-answers.ts). A recorded pin names the project that was answering already, so
-- it sends nothing. Sent inside the writing transaction, so it is delivered on commit.
CREATE TABLE "iconify_pins" (
	"user_id" text NOT NULL,
	"prefix" text NOT NULL,
	"project_id" uuid NOT NULL,
	"chosen" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iconify_pins_user_id_prefix_pk" PRIMARY KEY("user_id","prefix")
);
--> statement-breakpoint
ALTER TABLE "iconify_pins" ADD CONSTRAINT "iconify_pins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iconify_pins" ADD CONSTRAINT "iconify_pins_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "iconify_pins_project_idx" ON "iconify_pins" USING btree ("project_id");--> statement-breakpoint
CREATE FUNCTION "iconvault_iconify_pin_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(NEW."chosen", false) OR coalesce(OLD."chosen", false) THEN
		PERFORM pg_notify('iconvault_changes', json_build_object('entity', 'iconify_pins', 'op', 'changed', 'ids', json_build_array(coalesce(NEW."user_id", OLD."user_id")))::text);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "iconify_pin_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "iconify_pins" FOR EACH ROW EXECUTE FUNCTION "iconvault_iconify_pin_changed"();
