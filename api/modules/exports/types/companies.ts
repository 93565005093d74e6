import type { Company } from "#contract/clients";
import { clientCompanies } from "#api/db/schema";
import { COMPANY_READ } from "#api/modules/clients/records";
import { companyListPlan, loadCompanies } from "#api/modules/companies/service";
import { dateTimeCell } from "../cells";
import { defineExportType, tableSelection } from "../registry";

/** The companies list (GET /companies): its filters and sort. */
export default defineExportType<Company>({
  type: "companies",
  label: "Companies",
  noun: "Company",
  permissions: COMPANY_READ,
  columns: [
    { header: "ID", value: (c) => c.id },
    { header: "Name", value: (c) => c.name },
    { header: "Type", value: (c) => c.type?.name },
    { header: "Industry", value: (c) => c.industry?.name },
    { header: "Trade", value: (c) => c.trade?.name },
    { header: "Employees", value: (c) => c.employee_size?.name },
    { header: "Registration number", value: (c) => c.registration_number },
    { header: "E-mail", value: (c) => c.email },
    { header: "Telephone", value: (c) => c.telephone },
    { header: "Website", value: (c) => c.website },
    { header: "Address line 1", value: (c) => c.address_line_1 },
    { header: "Address line 2", value: (c) => c.address_line_2 },
    { header: "Town", value: (c) => c.town },
    { header: "County", value: (c) => c.county },
    { header: "Postcode", value: (c) => c.postcode },
    { header: "Primary contact", value: (c) => c.primary_contact?.full_name },
    { header: "Individuals", value: (c) => c.individuals_count },
    { header: "Owner", value: (c) => c.owner?.name },
    { header: "Created", value: (c) => dateTimeCell(c.created_at) },
  ],
  select: (db, auth, query) => tableSelection(clientCompanies, companyListPlan(db, auth.tenantId, query)),
  load: (db, auth, ids) => loadCompanies(db, auth.tenantId, ids),
  title: (c) => `Company: ${c.name}`,
});
