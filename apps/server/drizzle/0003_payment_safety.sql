CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"gateway_trans_id" text NOT NULL,
	"amount_sen" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_sen" > 0)
);
--> statement-breakpoint
DROP INDEX "payments_in_progress";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "card_brand" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "card_brand" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "card_brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "councils" ADD COLUMN "local_charge_max_people" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "councils" ADD COLUMN "local_charge_max_days" integer DEFAULT 366 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "handovers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_once_per_transaction" ON "refunds" USING btree ("payment_id","gateway_trans_id");--> statement-breakpoint
CREATE INDEX "payments_requery_due" ON "payments" USING btree ("requery_after") WHERE "payments"."requery_after" is not null;--> statement-breakpoint
CREATE INDEX "payments_open_by_client" ON "payments" USING btree ("client_key") WHERE "payments"."status" in ('created', 'in_progress');--> statement-breakpoint
-- The brand was the payer's choice on our checkout form, not the gateway's word: forget it.
UPDATE "payments" SET "card_brand" = NULL;--> statement-breakpoint
-- Payments under way before this release hold their bills one more hour, requeried meanwhile.
UPDATE "payments" SET "handed_over_at" = "created_at", "handovers" = 1, "release_at" = now() + interval '1 hour', "requery_after" = now() WHERE "status" = 'in_progress';
