CREATE TABLE "bill_import_rows" (
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
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
	"staged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_import_rows_import_id_line_pk" PRIMARY KEY("import_id","line")
);
