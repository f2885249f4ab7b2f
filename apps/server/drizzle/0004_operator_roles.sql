-- Operator roles (issue 11): every operator made before roles existed ('operator', the old
-- default) becomes 管理员, the role that keeps every right it had; then only the four roles
-- of packages/domain access.ts are allowed, and a new operator must be given one.
UPDATE "operators" SET "role" = 'admin' WHERE "role" NOT IN ('admin', 'service', 'warehouse', 'finance');--> statement-breakpoint
ALTER TABLE "operators" ALTER COLUMN "role" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role_ck" CHECK ("operators"."role" in ('admin', 'service', 'warehouse', 'finance'));
