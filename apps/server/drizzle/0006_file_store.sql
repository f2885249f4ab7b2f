ALTER TABLE "uploaded_files" ALTER COLUMN "bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;