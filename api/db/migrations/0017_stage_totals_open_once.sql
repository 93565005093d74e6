-- The open tasks per stage were kept twice: here (0009) and, by priority and review status, in task_open_totals
-- (0013). They are now kept there only; the pipelines list sums them per pipeline. The stage totals' triggers
-- keep all tasks and their revenue; a task won or lost (same stage, same revenue) no longer writes this table.
CREATE OR REPLACE FUNCTION tasks_stage_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pipeline_stage_totals AS t (pipeline_stage_id, tenant_id, pipeline_id, tasks, value)
  SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), sum(n), sum(v)
  FROM (select pipeline_stage_id, tenant_id, pipeline_id, 1 as n, coalesce(expected_revenue, 0) as v from new_rows) d
  GROUP BY pipeline_stage_id
  HAVING sum(n) <> 0 OR sum(v) <> 0
  ON CONFLICT (pipeline_stage_id) DO UPDATE SET tasks = t.tasks + excluded.tasks, value = t.value + excluded.value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tasks_stage_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pipeline_stage_totals AS t (pipeline_stage_id, tenant_id, pipeline_id, tasks, value)
  SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), sum(n), sum(v)
  FROM (select pipeline_stage_id, tenant_id, pipeline_id, 1 as n, coalesce(expected_revenue, 0) as v from new_rows UNION ALL select pipeline_stage_id, tenant_id, pipeline_id, -1 as n, -coalesce(expected_revenue, 0) as v from old_rows) d
  GROUP BY pipeline_stage_id
  HAVING sum(n) <> 0 OR sum(v) <> 0
  ON CONFLICT (pipeline_stage_id) DO UPDATE SET tasks = t.tasks + excluded.tasks, value = t.value + excluded.value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tasks_stage_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pipeline_stage_totals AS t (pipeline_stage_id, tenant_id, pipeline_id, tasks, value)
  SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), sum(n), sum(v)
  FROM (select pipeline_stage_id, tenant_id, pipeline_id, -1 as n, -coalesce(expected_revenue, 0) as v from old_rows) d
  GROUP BY pipeline_stage_id
  HAVING sum(n) <> 0 OR sum(v) <> 0
  ON CONFLICT (pipeline_stage_id) DO UPDATE SET tasks = t.tasks + excluded.tasks, value = t.value + excluded.value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER TABLE "pipeline_stage_totals" DROP COLUMN "open";--> statement-breakpoint
ALTER TABLE "pipeline_stage_totals" DROP COLUMN "open_value";
