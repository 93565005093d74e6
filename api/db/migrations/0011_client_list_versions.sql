-- The individuals and companies lists get versions like the tasks list (0010): any write to the rows a list
-- counts gives the company a new number from list_version_seq, so a count remembered at a number is exact
-- while the number stands. One function serves every table: its arguments name the lists the table's rows
-- count in. A link between a company and an individual counts in both lists (each filters by the other).
CREATE FUNCTION bump_list_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_versions AS v (tenant_id, list, version)
    SELECT d.tenant_id, l.list, nextval('list_version_seq') FROM (SELECT DISTINCT tenant_id FROM new_rows) d CROSS JOIN unnest(TG_ARGV) AS l(list)
    ON CONFLICT (tenant_id, list) DO UPDATE SET version = excluded.version;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO list_versions AS v (tenant_id, list, version)
    SELECT d.tenant_id, l.list, nextval('list_version_seq') FROM (SELECT tenant_id FROM new_rows UNION SELECT tenant_id FROM old_rows) d CROSS JOIN unnest(TG_ARGV) AS l(list)
    ON CONFLICT (tenant_id, list) DO UPDATE SET version = excluded.version;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_versions AS v (tenant_id, list, version)
    SELECT d.tenant_id, l.list, nextval('list_version_seq') FROM (SELECT DISTINCT tenant_id FROM old_rows) d CROSS JOIN unnest(TG_ARGV) AS l(list)
    ON CONFLICT (tenant_id, list) DO UPDATE SET version = excluded.version;
  ELSE
    -- TRUNCATE fires no row trigger: forget the lists' versions, so no remembered count is used until the
    -- next write gives the company a new number.
    DELETE FROM list_versions WHERE list = ANY (TG_ARGV);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER individuals_list_version_insert AFTER INSERT ON individuals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals');
--> statement-breakpoint
CREATE TRIGGER individuals_list_version_update AFTER UPDATE ON individuals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals');
--> statement-breakpoint
CREATE TRIGGER individuals_list_version_delete AFTER DELETE ON individuals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals');
--> statement-breakpoint
CREATE TRIGGER individuals_list_version_truncate AFTER TRUNCATE ON individuals FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals');
--> statement-breakpoint
CREATE TRIGGER client_companies_list_version_insert AFTER INSERT ON client_companies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('companies');
--> statement-breakpoint
CREATE TRIGGER client_companies_list_version_update AFTER UPDATE ON client_companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('companies');
--> statement-breakpoint
CREATE TRIGGER client_companies_list_version_delete AFTER DELETE ON client_companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('companies');
--> statement-breakpoint
CREATE TRIGGER client_companies_list_version_truncate AFTER TRUNCATE ON client_companies FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('companies');
--> statement-breakpoint
CREATE TRIGGER company_individuals_list_version_insert AFTER INSERT ON company_individuals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals', 'companies');
--> statement-breakpoint
CREATE TRIGGER company_individuals_list_version_update AFTER UPDATE ON company_individuals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals', 'companies');
--> statement-breakpoint
CREATE TRIGGER company_individuals_list_version_delete AFTER DELETE ON company_individuals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals', 'companies');
--> statement-breakpoint
CREATE TRIGGER company_individuals_list_version_truncate AFTER TRUNCATE ON company_individuals FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('individuals', 'companies');
--> statement-breakpoint
-- Every company's lists have a version from the start (a company without one has its lists counted each time).
INSERT INTO list_versions (tenant_id, list, version)
SELECT c.id, l.list, nextval('list_version_seq') FROM companies c CROSS JOIN (VALUES ('individuals'), ('companies')) AS l(list)
ON CONFLICT (tenant_id, list) DO NOTHING;
