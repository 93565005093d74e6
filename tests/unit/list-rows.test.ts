import { describe, expect, it } from "vitest";
import type { Company, Individual } from "#contract/clients";
import type { Task } from "#contract/tasks";
import { companyRow } from "#app/services/companies.server";
import { individualRow } from "#app/services/individuals.server";
import { taskRow } from "#app/services/tasks.server";

// A list page's data is written into the HTML document: its rows carry what the table shows and nothing else.

describe("the rows a list page writes into its document", () => {
  it("a company's row has its columns and none of its bank account, broker data or consents", () => {
    const company = {
      id: 7,
      name: "Acme Holdings",
      type: { id: 1, name: "Limited company" },
      employee_size: null,
      primary_contact: { id: 3, full_name: "Ann Lee", email: "ann@acme.test", telephone: "020 7946 0000", job_title: "Finance director" },
      individuals_count: 2,
      town: "Leeds",
      postcode: "LS1 4AP",
      created_at: "2026-01-02T09:00:00.000Z",
      bank_account: { account_name: "Acme Holdings Ltd", account_number: "31926819", sort_code: "60-16-13" },
      broker_data: { fca_number: "123456", network: null, appointed_representative: false, principal_firm: null },
      email: "office@acme.test",
    } as unknown as Company;
    expect(companyRow(company)).toEqual({
      id: 7,
      name: "Acme Holdings",
      type: { name: "Limited company" },
      employee_size: null,
      primary_contact: { id: 3, full_name: "Ann Lee", job_title: "Finance director" },
      individuals_count: 2,
      town: "Leeds",
      postcode: "LS1 4AP",
      created_at: "2026-01-02T09:00:00.000Z",
    });
    expect(JSON.stringify(companyRow(company))).not.toMatch(/31926819|60-16-13|123456|office@acme|ann@acme/);
  });

  it("an individual's row keeps every company link (the cell counts the ones it does not show) without their contact details", () => {
    const links = [1, 2, 3, 4].map((n) => ({
      company_id: n,
      company_name: `Company ${n}`,
      individual_id: 9,
      full_name: "Raj Patel",
      email: "raj@home.test",
      telephone: "07700 900123",
      is_primary: n === 1,
      job_title_id: null,
      job_title: null,
    }));
    const individual = {
      id: 9,
      full_name: "Raj Patel",
      archived: false,
      email: "raj@home.test",
      telephone: null,
      date_of_birth: "1980-05-04",
      companies: links,
      owner: { id: 2, name: "Amelia Hart" },
      portal_invited_at: null,
      created_at: "2026-02-03T10:00:00.000Z",
    } as unknown as Individual;
    const row = individualRow(individual);
    expect(row.companies).toHaveLength(4);
    expect(row.companies[0]).toEqual({ company_id: 1, company_name: "Company 1", job_title: null, is_primary: true });
    expect(row.owner).toEqual({ name: "Amelia Hart" });
    expect(JSON.stringify(row)).not.toContain("1980-05-04");
  });

  it("a task's row names its pipeline, stage and assignee without the embedded records' other fields", () => {
    const task = {
      id: 5,
      name: "Renewal for Acme",
      description: "Long notes that the list never shows",
      state: "open",
      pipeline_stage_id: 11,
      priority_name: "High",
      review_status_name: "Not started",
      expected_revenue: 1250,
      expected_close_date: "2027-03-01",
      created_at: "2026-11-01T08:00:00.000Z",
      pipeline: { id: 2, name: "Renewals", status: 1 },
      pipelineStage: { id: 11, pipeline_id: 2, name: "Quoted", color: "#8b5cf6", order: 2, outcome: "open" },
      teamMember: { id: 3, name: "Olive", last_name: "Price", full_name: "Olive Price", email: "ops@harbour.test" },
    } as unknown as Task;
    const row = taskRow(task);
    expect(row.pipeline).toEqual({ name: "Renewals" });
    expect(row.pipelineStage).toEqual({ name: "Quoted", color: "#8b5cf6" });
    expect(row.teamMember).toEqual({ full_name: "Olive Price" });
    expect(JSON.stringify(row)).not.toMatch(/Long notes|ops@harbour/);
  });
});
