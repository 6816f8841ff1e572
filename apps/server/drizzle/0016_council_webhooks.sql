CREATE TABLE "council_webhooks" (
	"council_code" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_position" bigint NOT NULL,
	"last_delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "council_webhooks" ADD CONSTRAINT "council_webhooks_council_code_councils_code_fk" FOREIGN KEY ("council_code") REFERENCES "public"."councils"("code") ON DELETE no action ON UPDATE no action;