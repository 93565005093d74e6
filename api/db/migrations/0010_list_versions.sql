CREATE TABLE "list_versions" (
	"tenant_id" integer NOT NULL,
	"list" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "list_versions_tenant_id_list_pk" PRIMARY KEY("tenant_id","list")
);
--> statement-breakpoint
-- One sequence for every version number: it is never restarted (no column owns it), so a (tenant, list,
-- version) seen once never comes back with other data, even after a reseed restarts the tenants' ids.
CREATE SEQUENCE "list_version_seq";
--> statement-breakpoint
CREATE FUNCTION tasks_list_version_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions AS v (tenant_id, list, version)
  SELECT tenant_id, 'tasks', nextval('list_version_seq') FROM (SELECT DISTINCT tenant_id FROM new_rows) d
  ON CONFLICT (tenant_id, list) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tasks_list_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions AS v (tenant_id, list, version)
  SELECT tenant_id, 'tasks', nextval('list_version_seq') FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) d
  ON CONFLICT (tenant_id, list) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tasks_list_version_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions AS v (tenant_id, list, version)
  SELECT tenant_id, 'tasks', nextval('list_version_seq') FROM (SELECT DISTINCT tenant_id FROM old_rows) d
  ON CONFLICT (tenant_id, list) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row or delete trigger: forget every tasks version, so no remembered count is used until
-- the next write gives the tenant a new number.
CREATE FUNCTION tasks_list_version_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_versions WHERE list = 'tasks';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_list_version_insert();
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_list_version_update();
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_list_version_delete();
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION tasks_list_version_truncate();
--> statement-breakpoint
-- Every company's tasks have a version from the start (a company without one has its lists counted each time).
INSERT INTO list_versions (tenant_id, list, version) SELECT id, 'tasks', nextval('list_version_seq') FROM companies;
