DROP INDEX "ledger_entries_once";--> statement-breakpoint
DROP INDEX "refunds_once_per_transaction";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "bill_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payment_item_id" integer;--> statement-breakpoint
-- Each entry was one payment's line on one bill: name the line itself.
UPDATE "ledger_entries" SET "payment_item_id" = "payment_items"."id" FROM "payment_items" WHERE "payment_items"."payment_id" = "ledger_entries"."payment_id" AND "payment_items"."bill_id" = "ledger_entries"."bill_id";--> statement-breakpoint
-- Local government charges have no bill, so their settled lines never reached the ledger: post them now, when they were paid.
INSERT INTO "ledger_entries" ("payment_id", "payment_item_id", "bill_id", "amount_sen", "posted_at") SELECT "payment_items"."payment_id", "payment_items"."id", NULL, "payment_items"."amount_sen", "payments"."paid_at" FROM "payment_items" JOIN "payments" ON "payments"."id" = "payment_items"."payment_id" WHERE "payment_items"."bill_id" IS NULL AND "payments"."status" = 'successful' AND "payments"."paid_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "payment_item_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_refund_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_item_id_payment_items_id_fk" FOREIGN KEY ("payment_item_id") REFERENCES "public"."payment_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reversal_once" ON "ledger_entries" USING btree ("refund_id","payment_item_id") WHERE "ledger_entries"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_posted" ON "ledger_entries" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "refunds_payment" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_open" ON "refunds" USING btree ("status") WHERE "refunds"."status" in ('due', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once" ON "ledger_entries" USING btree ("payment_item_id") WHERE "ledger_entries"."refund_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_once_per_transaction" ON "refunds" USING btree ("payment_id","gateway_trans_id") WHERE "refunds"."reason" <> 'officer';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refund_ref_unique" UNIQUE("refund_ref");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_sign" CHECK (("ledger_entries"."refund_id" is null and "ledger_entries"."amount_sen" > 0) or ("ledger_entries"."refund_id" is not null and "ledger_entries"."amount_sen" < 0));