CREATE TABLE "user_licences" (
	"user_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_licences_user_id_bill_id_pk" PRIMARY KEY("user_id","bill_id")
);
--> statement-breakpoint
ALTER TABLE "user_licences" ADD CONSTRAINT "user_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_licences" ADD CONSTRAINT "user_licences_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;