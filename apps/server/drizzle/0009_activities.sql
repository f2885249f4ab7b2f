CREATE TABLE "activity_taps" (
	"activity_id" integer NOT NULL,
	"day" date NOT NULL,
	"taps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_taps_activity_id_day_pk" PRIMARY KEY("activity_id","day")
);
--> statement-breakpoint
CREATE TABLE "cashbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"eligible_amount" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"reversed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "banner" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "points_goods_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "activity_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "activity_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_taps" ADD CONSTRAINT "activity_taps_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashbacks_order_uq" ON "cashbacks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cashbacks_activity_idx" ON "cashbacks" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "cashbacks_member_idx" ON "cashbacks" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "activities_url_idx" ON "activities" USING btree ("url");--> statement-breakpoint
CREATE INDEX "orders_activity_ids_idx" ON "orders" USING gin ("activity_ids");--> statement-breakpoint
UPDATE "order_lines" SET "points_goods_id" = "order_lines"."combination_id", "combination_id" = NULL FROM "orders" WHERE "orders"."id" = "order_lines"."order_id" AND "orders"."kind" = 'points';
