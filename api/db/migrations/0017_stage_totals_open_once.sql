-- The open tasks per stage were kept twice: here (0009) and, by priority and review status, in task_open_totals
-- (0013). They are now kept there only; the pipelines list sums them per pipeline. What is left here (all tasks
-- and their revenue per stage) is kept by one trigger function for insert, update and delete, written like
-- 0013's: a row counts +1 as it is after the statement (new_rows) and -1 as it was (old_rows), in one grouped
-- upsert per statement; a change that moves no stage or revenue (a task won or lost where it stands, a rename)
-- writes nothing (HAVING).
CREATE FUNCTION tasks_stage_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO pipeline_stage_totals AS t (pipeline_stage_id, tenant_id, pipeline_id, tasks, value)
    SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), sum(sign), sum(sign * coalesce(expected_revenue, 0))
    FROM (%s) r
    GROUP BY pipeline_stage_id
    HAVING sum(sign) <> 0 OR sum(sign * coalesce(expected_revenue, 0)) <> 0
    ON CONFLICT (pipeline_stage_id) DO UPDATE SET tasks = t.tasks + excluded.tasks, value = t.value + excluded.value
  $sql$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER tasks_stage_totals_insert ON tasks;
--> statement-breakpoint
DROP TRIGGER tasks_stage_totals_update ON tasks;
--> statement-breakpoint
DROP TRIGGER tasks_stage_totals_delete ON tasks;
--> statement-breakpoint
CREATE TRIGGER tasks_stage_totals_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_stage_totals();
--> statement-breakpoint
CREATE TRIGGER tasks_stage_totals_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_stage_totals();
--> statement-breakpoint
CREATE TRIGGER tasks_stage_totals_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_stage_totals();
--> statement-breakpoint
DROP FUNCTION tasks_stage_totals_insert();
--> statement-breakpoint
DROP FUNCTION tasks_stage_totals_update();
--> statement-breakpoint
DROP FUNCTION tasks_stage_totals_delete();
--> statement-breakpoint
ALTER TABLE "pipeline_stage_totals" DROP COLUMN "open";--> statement-breakpoint
ALTER TABLE "pipeline_stage_totals" DROP COLUMN "open_value";
