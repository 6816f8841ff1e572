CREATE TABLE "council_payment_methods" (
	"council_code" text NOT NULL,
	"method" text NOT NULL,
	"available" boolean NOT NULL,
	CONSTRAINT "council_payment_methods_council_code_method_pk" PRIMARY KEY("council_code","method")
);
--> statement-breakpoint
CREATE TABLE "payment_channel_states" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"online" boolean NOT NULL,
	"reason" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_open_by_client";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_payment_id" text DEFAULT '2' NOT NULL;--> statement-breakpoint
ALTER TABLE "council_payment_methods" ADD CONSTRAINT "council_payment_methods_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_open_by_client" ON "payments" USING btree ("client_key") WHERE "payments"."status" in ('created', 'in_progress', 'pending');