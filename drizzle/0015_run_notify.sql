-- Every change to a run, and every statement that writes its tasks, is announced on the
-- seedbed_runs channel, whichever process or instance wrote it: the event streams read it.
CREATE OR REPLACE FUNCTION seedbed_notify_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('seedbed_runs', json_build_object('op', 'deleted', 'id', OLD.id)::text);
    RETURN OLD;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('seedbed_runs', json_build_object('op', 'created', 'id', NEW.id, 'status', NEW.status)::text);
  ELSIF NEW IS DISTINCT FROM OLD THEN
    PERFORM pg_notify('seedbed_runs', json_build_object('op', 'updated', 'id', NEW.id, 'status', NEW.status, 'previous', OLD.status)::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER runs_notify AFTER INSERT OR UPDATE OR DELETE ON runs FOR EACH ROW EXECUTE FUNCTION seedbed_notify_run();
--> statement-breakpoint
-- One notice per statement, naming its runs: a batch of a thousand task events is one notice.
CREATE OR REPLACE FUNCTION seedbed_notify_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT run_id::text, ',') INTO ids FROM changed_tasks;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('seedbed_runs', '{"op":"tasks","ids":[' || ids || ']}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER run_tasks_notify_insert AFTER INSERT ON run_tasks REFERENCING NEW TABLE AS changed_tasks FOR EACH STATEMENT EXECUTE FUNCTION seedbed_notify_tasks();
--> statement-breakpoint
CREATE TRIGGER run_tasks_notify_update AFTER UPDATE ON run_tasks REFERENCING NEW TABLE AS changed_tasks FOR EACH STATEMENT EXECUTE FUNCTION seedbed_notify_tasks();
