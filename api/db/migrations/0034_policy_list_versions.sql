CREATE INDEX "policies_tenant_number_idx" ON "policies" USING btree ("tenant_id",lower("number"),"id");--> statement-breakpoint
CREATE INDEX "policies_tenant_state_id_idx" ON "policies" USING btree ("tenant_id","state","id");--> statement-breakpoint
CREATE INDEX "policies_tenant_broker_desc_idx" ON "policies" USING btree ("tenant_id",lower("main_broker_name") desc nulls last,"id" desc);--> statement-breakpoint
-- The policies list gets versions like the tasks and client lists (0010, 0011): any write to policies gives the
-- company a new number, so a filtered count remembered at a number is exact while the number stands. The list's
-- client filter reads the individuals' and client companies' names: a write to those gives a new number too.
CREATE TRIGGER policies_list_version_insert AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER policies_list_version_update AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER policies_list_version_delete AFTER DELETE ON policies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER policies_list_version_truncate AFTER TRUNCATE ON policies FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER individuals_policies_version_insert AFTER INSERT ON individuals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER individuals_policies_version_update AFTER UPDATE ON individuals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER individuals_policies_version_delete AFTER DELETE ON individuals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER client_companies_policies_version_insert AFTER INSERT ON client_companies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER client_companies_policies_version_update AFTER UPDATE ON client_companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
CREATE TRIGGER client_companies_policies_version_delete AFTER DELETE ON client_companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('policies');
--> statement-breakpoint
-- Every company's policies list has a version from the start.
INSERT INTO list_versions (tenant_id, list, version)
SELECT c.id, 'policies', nextval('list_version_seq') FROM companies c
ON CONFLICT (tenant_id, list) DO NOTHING;
