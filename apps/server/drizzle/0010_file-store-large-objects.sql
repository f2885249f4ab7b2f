ALTER TABLE "uploaded_files" ADD COLUMN "large_object" "oid";--> statement-breakpoint
-- hand-written
-- A row that goes (a member deleted, the table truncated by `seed --reset` or a test) takes its
-- large object with it: large objects have no foreign key, and an orphan would keep its bytes
-- in pg_largeobject for good.
CREATE FUNCTION uploaded_files_unlink() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.large_object IS NOT NULL
     AND (TG_OP = 'DELETE' OR NEW.large_object IS DISTINCT FROM OLD.large_object)
     AND EXISTS (SELECT 1 FROM pg_largeobject_metadata WHERE oid = OLD.large_object) THEN
    PERFORM lo_unlink(OLD.large_object);
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER uploaded_files_unlink AFTER UPDATE OR DELETE ON uploaded_files
  FOR EACH ROW EXECUTE FUNCTION uploaded_files_unlink();
--> statement-breakpoint
CREATE FUNCTION uploaded_files_unlink_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lo_unlink(f.large_object) FROM uploaded_files f
    WHERE f.large_object IS NOT NULL
      AND EXISTS (SELECT 1 FROM pg_largeobject_metadata m WHERE m.oid = f.large_object);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER uploaded_files_unlink_all BEFORE TRUNCATE ON uploaded_files
  FOR EACH STATEMENT EXECUTE FUNCTION uploaded_files_unlink_all();
