ALTER TABLE "audit_log" ADD COLUMN "details" jsonb;
