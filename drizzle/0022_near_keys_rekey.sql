-- The near keys' scheme changed (common/near-keys.ts, ADR 0113 round four): every drawn print's
-- keys are emptied here and made again from its planes when the server starts
-- (server/domain/duplicates/rekey-prints.ts); the partial index finds those left. The near links
-- stand: they are facts of the drawings, not of the keys.
UPDATE "icon_prints" SET "near_keys" = '{}' WHERE "solid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "icon_prints_rekey_idx" ON "icon_prints" USING btree ("icon_id") WHERE "icon_prints"."near_keys" = '{}' and "icon_prints"."solid" is not null;
