CREATE TABLE "licence_reductions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licence_reductions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"council_code" text NOT NULL,
	"name" jsonb NOT NULL,
	"method" text NOT NULL,
	"percent" integer,
	"amount_sen" bigint,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "licence_reductions_value" CHECK (("licence_reductions"."method" = 'percentage' and "licence_reductions"."percent" between 1 and 100 and "licence_reductions"."amount_sen" is null)
        or ("licence_reductions"."method" = 'direct' and "licence_reductions"."amount_sen" > 0 and "licence_reductions"."percent" is null)),
	CONSTRAINT "licence_reductions_days" CHECK ("licence_reductions"."starts_on" <= "licence_reductions"."ends_on")
);
--> statement-breakpoint
ALTER TABLE "licence_renewal_rules" DROP CONSTRAINT "licence_renewal_rules_reduction_percent";--> statement-breakpoint
ALTER TABLE "licence_renewal_rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_reductions" ADD CONSTRAINT "licence_reductions_council_code_licence_renewal_rules_council_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."licence_renewal_rules"("council_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "licence_reductions_council" ON "licence_reductions" USING btree ("council_code","starts_on");--> statement-breakpoint
-- Malaysia is UTC+8 all year. A reduction switched on becomes one in force from today (Malaysia) to the end of this year,
-- for the council to date as it decides; one switched off was not in force and is dropped.
INSERT INTO "licence_reductions" ("council_code", "name", "method", "percent", "starts_on", "ends_on")
SELECT "council_code", "reduction_label", 'percentage', "reduction_percent",
  (now() AT TIME ZONE 'UTC' + interval '8 hours')::date,
  make_date(extract(year FROM now() AT TIME ZONE 'UTC' + interval '8 hours')::int, 12, 31)
FROM "licence_renewal_rules"
WHERE "reduction_in_force" AND "reduction_percent" BETWEEN 1 AND 100 AND "reduction_label" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_renewal_rules" DROP COLUMN "reduction_percent";--> statement-breakpoint
ALTER TABLE "licence_renewal_rules" DROP COLUMN "reduction_label";--> statement-breakpoint
ALTER TABLE "licence_renewal_rules" DROP COLUMN "reduction_in_force";