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
ALTER TABLE "bills" ADD CONSTRAINT "bills_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "council_payment_types" ADD CONSTRAINT "council_payment_types_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_lookup" ON "bills" USING btree ("council_code","payment_type","account_no");