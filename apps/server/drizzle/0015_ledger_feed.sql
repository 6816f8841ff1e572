CREATE SEQUENCE "public"."ledger_feed_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "feed_position" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_feed_position" ON "ledger_entries" USING btree ("feed_position");