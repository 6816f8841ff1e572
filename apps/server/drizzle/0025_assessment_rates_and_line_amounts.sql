ALTER TABLE "councils" ADD COLUMN "assessment_partial_discount_bp" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "councils" ADD COLUMN "assessment_arrears_discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "tax_sen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "discount_sen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "councils" ADD CONSTRAINT "councils_assessment_rates_are_shares" CHECK ("councils"."assessment_partial_discount_bp" between 0 and 10000 and "councils"."assessment_arrears_discount_bp" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_tax_discount_not_negative" CHECK ("payment_items"."tax_sen" >= 0 and "payment_items"."tax_sen" <= "payment_items"."amount_sen" and "payment_items"."discount_sen" >= 0);