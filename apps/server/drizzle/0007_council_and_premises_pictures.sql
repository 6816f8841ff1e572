CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "councils" ADD COLUMN "logo_image" text;--> statement-breakpoint
ALTER TABLE "councils" ADD CONSTRAINT "councils_logo_image_images_id_fk" FOREIGN KEY ("logo_image") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;