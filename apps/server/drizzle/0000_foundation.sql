CREATE TABLE "bills" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"council_code" text NOT NULL,
	"payment_type" text NOT NULL,
	"account_no" text NOT NULL,
	"display_no" text NOT NULL,
	"sub_type" text,
	"status" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_ic" text,
	"address" text,
	"description" text NOT NULL,
	"amount_due_sen" bigint NOT NULL,
	"due_date" date,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_amount_due_not_negative" CHECK ("bills"."amount_due_sen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "council_payment_types" (
	"council_code" text NOT NULL,
	"payment_type" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "council_payment_types_council_code_payment_type_pk" PRIMARY KEY("council_code","payment_type")
);
--> statement-breakpoint
CREATE TABLE "councils" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"product_title" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"amount_sen" bigint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "payment_items_amount_positive" CHECK ("payment_items"."amount_sen" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"channel" text DEFAULT 'A10' NOT NULL,
	"mode" text DEFAULT 'ECOMMERCE' NOT NULL,
	"payer_name" text NOT NULL,
	"payer_email" text NOT NULL,
	"payer_phone" text NOT NULL,
	"amount_sen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_sen" > 0)
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_payment_types" ADD CONSTRAINT "council_payment_types_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_lookup" ON "bills" USING btree ("council_code","payment_type","account_no");--> statement-breakpoint
CREATE INDEX "payment_items_bill" ON "payment_items" USING btree ("bill_id");