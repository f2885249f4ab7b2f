CREATE TABLE "buyer_item_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"code" text NOT NULL,
	"goods_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_item_codes" ADD CONSTRAINT "buyer_item_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_item_codes_member_code_uq" ON "buyer_item_codes" USING btree ("member_id","code");