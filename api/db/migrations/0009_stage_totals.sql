CREATE TABLE "pipeline_stage_totals" (
	"pipeline_stage_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"pipeline_id" integer NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"open_value" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pipeline_stage_totals_tenant_pipeline_idx" ON "pipeline_stage_totals" USING btree ("tenant_id","pipeline_id");--> statement-breakpoint
-- Kept by statement-level triggers with transition tables: one grouped upsert per statement, whatever its
-- number of rows (a bulk insert of 100,000 tasks is one statement). An update that moves no stage, state or
-- revenue writes nothing (HAVING).
CREATE FUNCTION tasks_stage_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pipeline_stage_totals AS t (pipeline_stage_id, tenant_id, pipeline_id, tasks, open, value, open_value)
  SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), sum(n), sum(o), sum(v), sum(ov)
  FROM (select pipeline_stage_id, tenant_id, pipeline_id, 1 as n, (state = 'open')::int as o, coalesce(expected_revenue, 0) as v, case when state = 'open' then coalesce(expected_revenue, 0) else 0 end as ov from new_rows) d
  GROUP BY pipeline_stage_id
  HAVING sum(n) <> 0 OR sum(o) <> 0 OR sum(v) <> 0 OR sum(ov) <> 0
  ON CONFLICT (pipeline_stage_id) DO UPDATE SET
    tasks = t.tasks + excluded.tasks, open = t.open + excluded.open, value = t.value + excluded.value, open_value = t.open_value + excluded.open_value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tasks_stage_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pipeline_stage_totals AS t (pipeline_stage_id, tenant_id, pipeline_id, tasks, open, value, open_value)
  SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), sum(n), sum(o), sum(v), sum(ov)
  FROM (select pipeline_stage_id, tenant_id, pipeline_id, 1 as n, (state = 'open')::int as o, coalesce(expected_revenue, 0) as v, case when state = 'open' then coalesce(expected_revenue, 0) else 0 end as ov from new_rows UNION ALL select pipeline_stage_id, tenant_id, pipeline_id, -1 as n, -((state = 'open')::int) as o, -coalesce(expected_revenue, 0) as v, -(case when state = 'open' then coalesce(expected_revenue, 0) else 0 end) as ov from old_rows) d
  GROUP BY pipeline_stage_id
  HAVING sum(n) <> 0 OR sum(o) <> 0 OR sum(v) <> 0 OR sum(ov) <> 0
  ON CONFLICT (pipeline_stage_id) DO UPDATE SET
    tasks = t.tasks + excluded.tasks, open = t.open + excluded.open, value = t.value + excluded.value, open_value = t.open_value + excluded.open_value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tasks_stage_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pipeline_stage_totals AS t (pipeline_stage_id, tenant_id, pipeline_id, tasks, open, value, open_value)
  SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), sum(n), sum(o), sum(v), sum(ov)
  FROM (select pipeline_stage_id, tenant_id, pipeline_id, -1 as n, -((state = 'open')::int) as o, -coalesce(expected_revenue, 0) as v, -(case when state = 'open' then coalesce(expected_revenue, 0) else 0 end) as ov from old_rows) d
  GROUP BY pipeline_stage_id
  HAVING sum(n) <> 0 OR sum(o) <> 0 OR sum(v) <> 0 OR sum(ov) <> 0
  ON CONFLICT (pipeline_stage_id) DO UPDATE SET
    tasks = t.tasks + excluded.tasks, open = t.open + excluded.open, value = t.value + excluded.value, open_value = t.open_value + excluded.open_value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_stage_totals_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_stage_totals_insert();
--> statement-breakpoint
CREATE TRIGGER tasks_stage_totals_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_stage_totals_update();
--> statement-breakpoint
CREATE TRIGGER tasks_stage_totals_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_stage_totals_delete();
--> statement-breakpoint
-- The tasks already there (the triggers above hold tasks against writes until this migration commits).
INSERT INTO pipeline_stage_totals (pipeline_stage_id, tenant_id, pipeline_id, tasks, open, value, open_value)
SELECT pipeline_stage_id, min(tenant_id), min(pipeline_id), count(*), count(*) FILTER (WHERE state = 'open'), coalesce(sum(expected_revenue), 0), coalesce(sum(expected_revenue) FILTER (WHERE state = 'open'), 0)
FROM tasks GROUP BY pipeline_stage_id;
