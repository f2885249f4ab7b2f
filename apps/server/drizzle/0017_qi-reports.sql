CREATE TABLE "qi_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"goods_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"file_id" integer NOT NULL,
	"mime" text NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploaded_files" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "qi_reports" ADD CONSTRAINT "qi_reports_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qi_reports" ADD CONSTRAINT "qi_reports_file_id_uploaded_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qi_reports_goods_batch_uq" ON "qi_reports" USING btree ("goods_id","batch_no");--> statement-breakpoint
CREATE INDEX "qi_reports_batch_idx" ON "qi_reports" USING btree ("batch_no");