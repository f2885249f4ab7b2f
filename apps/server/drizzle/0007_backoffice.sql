CREATE TABLE "operator_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"entity" text DEFAULT '' NOT NULL,
	"entity_id" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request" jsonb,
	"status" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"operator_id" integer NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"lot_id" integer,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"lot_after" integer,
	"reason" text DEFAULT '' NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "sessions_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "goods_lots" ADD COLUMN "received_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_lots" ADD COLUMN "supplier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_lots" ADD COLUMN "unit_cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_lots" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_lots" ADD COLUMN "received_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allocated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allocated_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "allocation_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "operator_audit_created_idx" ON "operator_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "operator_audit_entity_idx" ON "operator_audit" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "operator_audit_action_idx" ON "operator_audit" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_created_idx" ON "import_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_goods_idx" ON "stock_movements" USING btree ("goods_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_lot_idx" ON "stock_movements" USING btree ("lot_id");--> statement-breakpoint
UPDATE "goods_lots" SET "received_quantity" = "quantity" WHERE "received_quantity" = 0;--> statement-breakpoint
INSERT INTO "stock_movements" ("goods_id", "lot_id", "kind", "quantity", "stock_after", "lot_after", "reason")
SELECT "goods_id", "id", 'opening', "quantity",
  sum("quantity") OVER (PARTITION BY "goods_id" ORDER BY "id"), "quantity", '期初库存'
FROM "goods_lots" WHERE "quantity" <> 0 ORDER BY "goods_id", "id";
