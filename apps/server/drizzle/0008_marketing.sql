CREATE TABLE "draw_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"coupon_template_id" integer,
	"image" text DEFAULT '' NOT NULL,
	"odds" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"awarded" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"prize_id" integer,
	"prize_name" text NOT NULL,
	"prize_kind" text NOT NULL,
	"fulfilment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"per_member" integer DEFAULT 0 NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"goods_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "valid_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "claim_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "claim_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "claimed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "per_member" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD COLUMN "source" text DEFAULT 'issue' NOT NULL;--> statement-breakpoint
ALTER TABLE "draw_prizes" ADD CONSTRAINT "draw_prizes_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_records" ADD CONSTRAINT "draw_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_prizes_draw_idx" ON "draw_prizes" USING btree ("draw_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_records_member_uq" ON "draw_records" USING btree ("draw_id","member_id");--> statement-breakpoint
CREATE INDEX "draw_records_member_idx" ON "draw_records" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_goods_sale_idx" ON "points_goods" USING btree ("on_sale","sort");--> statement-breakpoint
CREATE INDEX "member_coupons_template_idx" ON "member_coupons" USING btree ("template_id","member_id");