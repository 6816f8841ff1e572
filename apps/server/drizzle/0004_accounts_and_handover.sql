CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ic_num_hash" text;--> statement-breakpoint
CREATE INDEX "users_ic_num_hash" ON "users" USING btree ("ic_num_hash");--> statement-breakpoint
-- What the gateway shows for payments made before the description was kept.
UPDATE "payments" SET "description" = 'EPAYMENT ' || "reference" WHERE "description" = '';
