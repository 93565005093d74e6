-- The payments list's search reads an invoice's number (0037), so a sales document's update gave the company's
-- payments list a new version, which every edit of a quote or an invoice does (items, totals, status, sync state):
-- each one made the next payments list page count again. Only a changed number (or a document moved between
-- companies) changes what that search finds, so only that gives a new version now.
CREATE FUNCTION sales_documents_payments_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions AS v (tenant_id, list, version)
  SELECT d.tenant_id, 'payments', nextval('list_version_seq')
  FROM (
    SELECT n.tenant_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.number IS DISTINCT FROM o.number OR n.tenant_id IS DISTINCT FROM o.tenant_id
    UNION
    SELECT o.tenant_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.number IS DISTINCT FROM o.number OR n.tenant_id IS DISTINCT FROM o.tenant_id
  ) d
  ON CONFLICT (tenant_id, list) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER sales_documents_payments_version_update ON sales_documents;
--> statement-breakpoint
CREATE TRIGGER sales_documents_payments_version_update AFTER UPDATE ON sales_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_documents_payments_version();
