ALTER TABLE "bills" ADD COLUMN "portal_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "portal_payment_id" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_portal_payment_id_payments_id_fk" FOREIGN KEY ("portal_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Bills paid before this migration: their last settlement through the portal, from the ledger.
UPDATE "bills" SET "portal_paid_at" = "paid"."posted_at", "portal_payment_id" = "paid"."payment_id"
FROM (
  SELECT DISTINCT ON ("bill_id") "bill_id", "posted_at", "payment_id"
  FROM "ledger_entries"
  WHERE "bill_id" IS NOT NULL AND "refund_id" IS NULL
  ORDER BY "bill_id", "posted_at" DESC, "id" DESC
) "paid"
WHERE "paid"."bill_id" = "bills"."id";
