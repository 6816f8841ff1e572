CREATE TABLE "licence_application_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "licence_application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"on" date NOT NULL,
	"note" text,
	"by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_application_events" ADD CONSTRAINT "licence_application_events_application_id_licence_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."licence_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_application_events_order" ON "licence_application_events" USING btree ("application_id","position");--> statement-breakpoint
-- Applications written before the history was kept get theirs from what they hold: received on
-- the day submitted, then their status on the day decided.
INSERT INTO "licence_application_events" ("application_id", "position", "status", "on", "note", "by")
SELECT "id", 0, 'received', "submitted_on", NULL, 'migration' FROM "licence_applications";--> statement-breakpoint
INSERT INTO "licence_application_events" ("application_id", "position", "status", "on", "note", "by")
SELECT "id", 1, "status", coalesce("decided_on", "submitted_on"), "note", 'migration'
FROM "licence_applications" WHERE "status" <> 'received';
