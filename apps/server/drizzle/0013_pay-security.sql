CREATE TABLE "member_settings" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"pay_password_hash" text,
	"pay_failures" integer DEFAULT 0 NOT NULL,
	"pay_locked_until" timestamp with time zone,
	"pay_sms_above" integer,
	"shelf_months" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;