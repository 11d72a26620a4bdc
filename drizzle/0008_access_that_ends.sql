-- Access that really ends (ADR 0012): a workspace's projects outlive their creator's account
-- (user_id set null), a workspace is never deleted by its owner's account going (restrict: the app
-- hands it on first), and invitations expire.
ALTER TABLE "projects" DROP CONSTRAINT "projects_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "workspaces" DROP CONSTRAINT "workspaces_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '7 days' NOT NULL;--> statement-breakpoint
-- Invitations sent before this migration expire 7 days after they were last sent (ADR 0012).
UPDATE "invitations" SET "expires_at" = "updated_at" + interval '7 days';--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_personal_has_owner" CHECK ("projects"."workspace_id" is not null or "projects"."user_id" is not null);