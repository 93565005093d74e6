import type { Individual } from "#contract/clients";
import { individuals } from "#api/db/schema";
import { individualListPlan, loadIndividuals } from "#api/modules/individuals/service";
import { dateCell, dateTimeCell, yesNo } from "../cells";
import { defineExportType, tableSelection } from "../registry";

/** The individuals list (GET /individual): its filters and sort. */
export default defineExportType<Individual>({
  type: "individuals",
  label: "Individuals",
  noun: "Individual",
  permissions: ["individual_view", "individual_manage"],
  columns: [
    { header: "ID", value: (i) => i.id },
    { header: "First name", value: (i) => i.first_name },
    { header: "Last name", value: (i) => i.last_name },
    { header: "E-mail", value: (i) => i.email },
    { header: "Telephone", value: (i) => i.telephone },
    { header: "Date of birth", value: (i) => dateCell(i.date_of_birth) },
    { header: "Address line 1", value: (i) => i.address_line_1 },
    { header: "Address line 2", value: (i) => i.address_line_2 },
    { header: "Town", value: (i) => i.town },
    { header: "County", value: (i) => i.county },
    { header: "Postcode", value: (i) => i.postcode },
    { header: "Companies", value: (i) => i.companies.map((c) => c.company_name).join("; ") },
    { header: "Owner", value: (i) => i.owner?.name },
    { header: "Archived", value: (i) => yesNo(i.archived) },
    { header: "Created", value: (i) => dateTimeCell(i.created_at) },
  ],
  select: (db, auth, query) => tableSelection(individuals, individualListPlan(db, auth.tenantId, query)),
  load: (db, auth, ids) => loadIndividuals(db, auth.tenantId, ids),
  title: (i) => `Individual: ${i.full_name}`,
});
