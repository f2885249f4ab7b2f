CREATE TABLE "e_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" integer NOT NULL,
	"buyer" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"tax" integer NOT NULL,
	"status" text DEFAULT 'issuing' NOT NULL,
	"invoice_no" text DEFAULT '' NOT NULL,
	"red_of_id" integer,
	"provider" text NOT NULL,
	"development" boolean DEFAULT false NOT NULL,
	"file_id" integer,
	"error" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_red_of_id_e_invoices_id_fk" FOREIGN KEY ("red_of_id") REFERENCES "public"."e_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_file_id_uploaded_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "e_invoices_order_idx" ON "e_invoices" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "e_invoices_member_idx" ON "e_invoices" USING btree ("member_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_blue_issuing_uq" ON "e_invoices" USING btree ("order_id") WHERE kind = 'blue' and status = 'issuing';--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_blue_issued_uq" ON "e_invoices" USING btree ("order_id") WHERE kind = 'blue' and status = 'issued';--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_red_of_uq" ON "e_invoices" USING btree ("red_of_id") WHERE kind = 'red';