-- The payments list gets versions like the policies list (0034): any write to payments gives the company a new
-- number, so a filtered count remembered at a number is exact while the number stands. The list's client filter,
-- search and client sort read the individuals' and client companies' names, and its search the invoices' numbers:
-- an update or deletion of those gives a new number too. (A new individual, company or invoice is no payment's yet.)
CREATE TRIGGER payments_list_version_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER payments_list_version_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER payments_list_version_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER payments_list_version_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER individuals_payments_version_update AFTER UPDATE ON individuals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER individuals_payments_version_delete AFTER DELETE ON individuals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER client_companies_payments_version_update AFTER UPDATE ON client_companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER client_companies_payments_version_delete AFTER DELETE ON client_companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER sales_documents_payments_version_update AFTER UPDATE ON sales_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER sales_documents_payments_version_delete AFTER DELETE ON sales_documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
-- Every company's payments list has a version from the start.
INSERT INTO list_versions (tenant_id, list, version)
SELECT c.id, 'payments', nextval('list_version_seq') FROM companies c
ON CONFLICT (tenant_id, list) DO NOTHING;
