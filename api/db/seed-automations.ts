import { and, asc, eq } from "drizzle-orm";
import type { WorkflowDefinition } from "#contract/workflows";
import type { Database } from "./client";
import { companies, documentTemplates, pipelines, pipelineStages, users, workflows } from "./schema";

/**
 * Two active automations and two document templates per demo company that has a pipeline. The automations act
 * only on large tasks (expected revenue of £50,000 or more), so everyday work is left alone: a new large task is
 * assigned to the company's first user, and its team is e-mailed when a large task is won.
 */
export async function seedAutomations(database: Database) {
  const db = database.db;
  const all = await db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id));
  const large = { field: "expected_revenue" as const, type: 3 as const, value: { from: 50000, to: 100000000 } };
  for (const company of all) {
    const [pipeline] = await db.select().from(pipelines).where(eq(pipelines.tenantId, company.id)).orderBy(asc(pipelines.id)).limit(1);
    if (!pipeline) continue;
    const stages = await db.select().from(pipelineStages).where(eq(pipelineStages.pipelineId, pipeline.id)).orderBy(asc(pipelineStages.sortOrder));
    const won = stages.find((s) => s.outcome === "won") ?? stages[stages.length - 1];
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, company.id), eq(users.status, "active")))
      .orderBy(asc(users.id))
      .limit(1);
    if (!owner || !won) continue;
    const assign: WorkflowDefinition = { trigger: { event: "task_created" }, conditions: [large], assign_to_user_id: owner.id };
    const mail: WorkflowDefinition = {
      trigger: { event: "task_moved", stage_id: won.id },
      conditions: [large],
      audience: 1,
      email_subject: "Won: {{task_name}}",
      email_body: "Good news: {{task_name}} has moved to {{stage}}.\n\nThank you, everyone.",
    };
    await db.insert(workflows).values([
      { tenantId: company.id, name: "Assign large new work", workflowTypeId: 2, status: 1, triggerEvent: "task_created", definition: assign },
      { tenantId: company.id, name: "Tell the team when large work is won", workflowTypeId: 1, status: 1, triggerEvent: "task_moved", definition: mail },
    ]);
    await db.insert(documentTemplates).values([
      {
        tenantId: company.id,
        name: "Welcome letter",
        kind: "rich_text",
        body: `# Welcome to ${company.name}\n{today}\n\nDear {client.full_name},\n\nThank you for choosing ${company.name}. We look forward to working with you on {task.name}.\n\nYours sincerely,\n{task.assignee}`,
        placeholders: ["today", "client.full_name", "task.name", "task.assignee"],
      },
      {
        tenantId: company.id,
        name: "Payment reminder",
        kind: "rich_text",
        body: `# Payment reminder\n{today}\n\nDear {invoice.client},\n\nOur invoice {invoice.number} of {invoice.date} for {invoice.total} was due on {invoice.due_date}. If you have paid it, thank you; otherwise please pay it at your earliest convenience.\n\n${company.name}`,
        placeholders: ["today", "invoice.client", "invoice.number", "invoice.date", "invoice.total", "invoice.due_date"],
      },
    ]);
  }
}
