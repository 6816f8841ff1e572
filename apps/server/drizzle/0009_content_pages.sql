CREATE TABLE "content_pages" (
	"page" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "content_pages_page_lang_pk" PRIMARY KEY("page","lang")
);
