CREATE SEQUENCE "public"."payment_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"amount_sen" bigint NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payment_id" integer,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"subject" text,
	"text" text,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer,
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_items" ALTER COLUMN "bill_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "council_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "payment_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "account_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_items" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "payment_items" SET "council_code" = "bills"."council_code", "payment_type" = "bills"."payment_type", "account_no" = "bills"."display_no", "description" = "bills"."description" FROM "bills" WHERE "bills"."id" = "payment_items"."bill_id";--> statement-breakpoint
ALTER TABLE "payment_items" ALTER COLUMN "council_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_items" ALTER COLUMN "payment_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_items" ALTER COLUMN "account_no" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_items" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "consent_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "consent_ic_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_brand" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lang" text DEFAULT 'ms' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_token_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "check_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_trans_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_auth_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_masked" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_bank" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "requery_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once" ON "ledger_entries" USING btree ("payment_id","bill_id");--> statement-breakpoint
CREATE INDEX "mail_messages_queued" ON "mail_messages" USING btree ("send_after") WHERE "mail_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "payment_events_payment" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_items_payment" ON "payment_items" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_in_progress" ON "payments" USING btree ("requery_after") WHERE "payments"."status" = 'in_progress';