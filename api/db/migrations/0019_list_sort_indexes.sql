-- Every sort and filter the individuals and companies lists offer has an index, tenant first (list-plans.test.ts
-- EXPLAINs each): sorts by first name, last name, last update, e-mail and postcode, either way (blanks last either
-- way, so one index per direction), and the companies filters by industry, trade and owner.
DROP INDEX "individuals_tenant_email_idx";--> statement-breakpoint
CREATE INDEX "client_companies_tenant_industry_idx" ON "client_companies" USING btree ("tenant_id","industry_id",lower("name"));--> statement-breakpoint
CREATE INDEX "client_companies_tenant_trade_idx" ON "client_companies" USING btree ("tenant_id","trade_id",lower("name"));--> statement-breakpoint
CREATE INDEX "client_companies_tenant_owner_idx" ON "client_companies" USING btree ("tenant_id","owner_user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "client_companies_tenant_updated_idx" ON "client_companies" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "client_companies_tenant_postcode_idx" ON "client_companies" USING btree ("tenant_id","postcode","id");--> statement-breakpoint
CREATE INDEX "client_companies_tenant_postcode_desc_idx" ON "client_companies" USING btree ("tenant_id","postcode" desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "individuals_tenant_first_name_idx" ON "individuals" USING btree ("tenant_id",lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "individuals_tenant_last_name_idx" ON "individuals" USING btree ("tenant_id",lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "individuals_tenant_updated_idx" ON "individuals" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "individuals_tenant_email_desc_idx" ON "individuals" USING btree ("tenant_id",lower("email") desc nulls last,"id" desc);--> statement-breakpoint
CREATE INDEX "individuals_tenant_email_idx" ON "individuals" USING btree ("tenant_id",lower("email"),"id");