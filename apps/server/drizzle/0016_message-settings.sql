ALTER TABLE "member_settings" ADD COLUMN "muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "qualification_documents" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "expiry_reminded_at" timestamp with time zone;