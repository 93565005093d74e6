ALTER TABLE "payments" ADD COLUMN "client_name" text;--> statement-breakpoint
CREATE INDEX "payments_tenant_client_idx" ON "payments" USING btree ("tenant_id",lower("client_name"),"id");--> statement-breakpoint
CREATE INDEX "payments_tenant_client_desc_idx" ON "payments" USING btree ("tenant_id",lower("client_name") desc nulls last,"id" desc);--> statement-breakpoint
-- The name a payment is listed, filtered and sorted by (client_name): its individual's, else its client company's,
-- else the payer's. Worked out on every write of those columns (an individual or company deleted sets the payment's
-- reference to null: an update of it), and written again when an individual or a company is renamed.
CREATE FUNCTION payments_client_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_name := coalesce(
    (SELECT full_name FROM individuals WHERE id = NEW.individual_id),
    (SELECT name FROM client_companies WHERE id = NEW.client_company_id),
    NEW.payer_name);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payments_client_name BEFORE INSERT OR UPDATE OF individual_id, client_company_id, payer_name, client_name ON payments FOR EACH ROW EXECUTE FUNCTION payments_client_name();
--> statement-breakpoint
CREATE FUNCTION individuals_payments_client_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments p SET client_name = n.full_name
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE p.individual_id = n.id AND n.full_name IS DISTINCT FROM o.full_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER individuals_payments_client_name AFTER UPDATE ON individuals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION individuals_payments_client_name();
--> statement-breakpoint
CREATE FUNCTION client_companies_payments_client_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments p SET client_name = n.name
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE p.client_company_id = n.id AND n.name IS DISTINCT FROM o.name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER client_companies_payments_client_name AFTER UPDATE ON client_companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_companies_payments_client_name();
--> statement-breakpoint
-- The payments list gets versions like the policies list (0034): any write to payments gives the company a new
-- number, so a filtered count remembered at a number is exact while the number stands. A client renamed writes its
-- payments' client_name (above), so that is a write to payments too; the search also reads the invoices' numbers,
-- so an update or deletion of a sales document gives a new number (a new one is no payment's yet).
CREATE TRIGGER payments_list_version_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER payments_list_version_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER payments_list_version_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER payments_list_version_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER sales_documents_payments_version_update AFTER UPDATE ON sales_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
CREATE TRIGGER sales_documents_payments_version_delete AFTER DELETE ON sales_documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('payments');
--> statement-breakpoint
-- The payments there are get their name (the trigger above works it out), and every company a version.
UPDATE payments SET client_name = NULL;
--> statement-breakpoint
INSERT INTO list_versions (tenant_id, list, version)
SELECT c.id, 'payments', nextval('list_version_seq') FROM companies c
ON CONFLICT (tenant_id, list) DO NOTHING;
