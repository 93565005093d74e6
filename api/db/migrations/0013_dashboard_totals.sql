CREATE TABLE "task_day_totals" (
	"tenant_id" integer NOT NULL,
	"day" date NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"won_value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"lost_value" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "task_day_totals_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "task_open_totals" (
	"tenant_id" integer NOT NULL,
	"pipeline_stage_id" integer NOT NULL,
	"priority" smallint NOT NULL,
	"review_status" smallint NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"value" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "task_open_totals_tenant_id_pipeline_stage_id_priority_review_status_pk" PRIMARY KEY("tenant_id","pipeline_stage_id","priority","review_status")
);
--> statement-breakpoint
-- Kept by statement-level triggers with transition tables, one grouped upsert per totals table per statement
-- whatever its number of rows: a row counts +1 as it is after the statement (new_rows) and -1 as it was
-- (old_rows). A change that moves nothing counted (HAVING) writes nothing. Days are UK calendar days.
CREATE FUNCTION tasks_dashboard_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM task_open_totals;
    DELETE FROM task_day_totals;
    RETURN NULL;
  END IF;
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO task_open_totals AS t (tenant_id, pipeline_stage_id, priority, review_status, tasks, value)
    SELECT tenant_id, pipeline_stage_id, priority, review_status, sum(sign), sum(sign * coalesce(expected_revenue, 0))
    FROM (%s) r
    WHERE state = 'open'
    GROUP BY tenant_id, pipeline_stage_id, priority, review_status
    HAVING sum(sign) <> 0 OR sum(sign * coalesce(expected_revenue, 0)) <> 0
    ON CONFLICT (tenant_id, pipeline_stage_id, priority, review_status) DO UPDATE SET tasks = t.tasks + excluded.tasks, value = t.value + excluded.value
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO task_day_totals AS t (tenant_id, day, created, won, won_value, lost, lost_value)
    SELECT tenant_id, day, sum(created), sum(won), sum(won_value), sum(lost), sum(lost_value)
    FROM (
      SELECT tenant_id, (created_at AT TIME ZONE 'Europe/London')::date AS day, sign AS created, 0 AS won, 0::numeric AS won_value, 0 AS lost, 0::numeric AS lost_value
      FROM (%1$s) r
      UNION ALL
      SELECT tenant_id, (closed_at AT TIME ZONE 'Europe/London')::date, 0,
        CASE WHEN state = 'won' THEN sign ELSE 0 END, CASE WHEN state = 'won' THEN sign * coalesce(expected_revenue, 0) ELSE 0 END,
        CASE WHEN state = 'lost' THEN sign ELSE 0 END, CASE WHEN state = 'lost' THEN sign * coalesce(expected_revenue, 0) ELSE 0 END
      FROM (%1$s) r
      WHERE state IN ('won', 'lost') AND closed_at IS NOT NULL
    ) d
    GROUP BY tenant_id, day
    HAVING sum(created) <> 0 OR sum(won) <> 0 OR sum(won_value) <> 0 OR sum(lost) <> 0 OR sum(lost_value) <> 0
    ON CONFLICT (tenant_id, day) DO UPDATE SET created = t.created + excluded.created, won = t.won + excluded.won,
      won_value = t.won_value + excluded.won_value, lost = t.lost + excluded.lost, lost_value = t.lost_value + excluded.lost_value
  $sql$, changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_dashboard_totals_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_dashboard_totals();
--> statement-breakpoint
CREATE TRIGGER tasks_dashboard_totals_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_dashboard_totals();
--> statement-breakpoint
CREATE TRIGGER tasks_dashboard_totals_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_dashboard_totals();
--> statement-breakpoint
CREATE TRIGGER tasks_dashboard_totals_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION tasks_dashboard_totals();
--> statement-breakpoint
-- The book as it is now.
INSERT INTO task_open_totals (tenant_id, pipeline_stage_id, priority, review_status, tasks, value)
SELECT tenant_id, pipeline_stage_id, priority, review_status, count(*), sum(coalesce(expected_revenue, 0))
FROM tasks WHERE state = 'open' GROUP BY tenant_id, pipeline_stage_id, priority, review_status;
--> statement-breakpoint
INSERT INTO task_day_totals (tenant_id, day, created, won, won_value, lost, lost_value)
SELECT tenant_id, day, sum(created), sum(won), sum(won_value), sum(lost), sum(lost_value)
FROM (
  SELECT tenant_id, (created_at AT TIME ZONE 'Europe/London')::date AS day, 1 AS created, 0 AS won, 0::numeric AS won_value, 0 AS lost, 0::numeric AS lost_value FROM tasks
  UNION ALL
  SELECT tenant_id, (closed_at AT TIME ZONE 'Europe/London')::date, 0,
    (state = 'won')::int, CASE WHEN state = 'won' THEN coalesce(expected_revenue, 0) ELSE 0 END,
    (state = 'lost')::int, CASE WHEN state = 'lost' THEN coalesce(expected_revenue, 0) ELSE 0 END
  FROM tasks WHERE state IN ('won', 'lost') AND closed_at IS NOT NULL
) d
GROUP BY tenant_id, day;
