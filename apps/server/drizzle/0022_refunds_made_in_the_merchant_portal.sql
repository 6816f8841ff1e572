-- iPay88 has no refund call: a refund is made in its merchant portal, then recorded. Refunds of
-- the time the portal called the gateway itself: one sent and unanswered waits for an officer as
-- one owed does; one the gateway refused gave nothing back, and is closed as settled otherwise.
UPDATE "refunds" SET "status" = 'due' WHERE "status" = 'sending';--> statement-breakpoint
UPDATE "refunds" SET "status" = 'resolved', "resolved_at" = now(),
  "note" = coalesce("note", '') || ' (refused by the gateway)' WHERE "status" = 'failed';--> statement-breakpoint
DROP INDEX "refunds_open";--> statement-breakpoint
CREATE INDEX "refunds_open" ON "refunds" USING btree ("status") WHERE "refunds"."status" = 'due';--> statement-breakpoint
ALTER TABLE "refunds" DROP COLUMN "failure_reason";--> statement-breakpoint
ALTER TABLE "refunds" DROP COLUMN "sent_at";