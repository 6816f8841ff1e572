CREATE TABLE "licence_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licence_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"council_code" text NOT NULL,
	"reference" text NOT NULL,
	"display_reference" text NOT NULL,
	"kind" text NOT NULL,
	"business_name" text NOT NULL,
	"applicant_name" text NOT NULL,
	"status" text NOT NULL,
	"submitted_on" date NOT NULL,
	"decided_on" date,
	"licence_no" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "licence_renewal_rules" (
	"council_code" text PRIMARY KEY NOT NULL,
	"renewable_statuses" text[] DEFAULT '{active,expired,approved}' NOT NULL,
	"early_renewal_days" integer DEFAULT 60 NOT NULL,
	"process_fee_sen" bigint DEFAULT 1000 NOT NULL,
	"reduction_percent" integer DEFAULT 0 NOT NULL,
	"reduction_label" jsonb,
	"reduction_in_force" boolean DEFAULT false NOT NULL,
	CONSTRAINT "licence_renewal_rules_reduction_percent" CHECK ("licence_renewal_rules"."reduction_percent" between 0 and 100),
	CONSTRAINT "licence_renewal_rules_early_days" CHECK ("licence_renewal_rules"."early_renewal_days" between 0 and 366),
	CONSTRAINT "licence_renewal_rules_process_fee" CHECK ("licence_renewal_rules"."process_fee_sen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "licence_applications" ADD CONSTRAINT "licence_applications_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_renewal_rules" ADD CONSTRAINT "licence_renewal_rules_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_applications_lookup" ON "licence_applications" USING btree ("council_code","reference");