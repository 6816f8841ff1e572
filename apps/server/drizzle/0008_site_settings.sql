CREATE TABLE "site_settings" (
	"version" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_settings_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settings" jsonb NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
