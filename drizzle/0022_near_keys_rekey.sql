-- The near keys' scheme changed (common/near-keys.ts, ADR 0113 round four): every drawn print's
-- keys are emptied here and made again from its planes when the server starts
-- (server/domain/duplicates/rekey-prints.ts); the partial index finds those left. The near links
-- stand: they are facts of the drawings, not of the keys.
-- Each print also gets the order it was written in (seq, taken anew on every write): a create's
-- lookup made before its transaction reads, inside it, only the prints written since (near-early.ts).
CREATE SEQUENCE "public"."icon_prints_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "icon_prints" ADD COLUMN "seq" bigint DEFAULT nextval('icon_prints_seq') NOT NULL;--> statement-breakpoint
CREATE INDEX "icon_prints_project_id_seq_idx" ON "icon_prints" USING btree ("project_id","seq");--> statement-breakpoint
UPDATE "icon_prints" SET "near_keys" = '{}' WHERE "solid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "icon_prints_rekey_idx" ON "icon_prints" USING btree ("icon_id") WHERE "icon_prints"."near_keys" = '{}' and "icon_prints"."solid" is not null;
