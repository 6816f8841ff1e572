ALTER TABLE "payment_events" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "review_trans_id" text;--> statement-breakpoint
CREATE INDEX "payment_events_reference" ON "payment_events" USING btree ("reference","content_key");