-- An identity number may be a MyKad's, an old IC's, a passport's, a police or army number's
-- (docs/input-rules.md); every number stored before is a MyKad's.
ALTER TABLE "payments" ADD COLUMN "consent_id_type" text DEFAULT 'new_id' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "id_type" text DEFAULT 'new_id' NOT NULL;
