import type { Task } from "#contract/tasks";
import { tasks } from "#api/db/schema";
import { taskListPlan } from "#api/modules/tasks/task-list";
import { loadTasks } from "#api/modules/tasks/task-rows";
import { dateCell, dateTimeCell, yesNo } from "../cells";
import { defineExportType, tableSelection } from "../registry";

const INCLUDES = new Set(["pipeline", "pipelineStage", "teamMember", "team", "sourceIndividual", "company"] as const);

/** The tasks list (GET /task): its filters and sort, the task's columns as the list and the task page show them. */
export default defineExportType<Task>({
  type: "tasks",
  label: "Tasks",
  noun: "Task",
  permissions: ["task_view", "task_manage"],
  columns: [
    { header: "ID", value: (t) => t.id },
    { header: "Name", value: (t) => t.name },
    { header: "Pipeline", value: (t) => t.pipeline?.name },
    { header: "Stage", value: (t) => t.pipelineStage?.name },
    { header: "State", value: (t) => t.state },
    { header: "Assignee", value: (t) => t.teamMember?.full_name },
    { header: "Team", value: (t) => t.team?.name },
    { header: "Priority", value: (t) => t.priority_name },
    { header: "Review status", value: (t) => t.review_status_name },
    { header: "Individual", value: (t) => t.sourceIndividual?.full_name },
    { header: "Company", value: (t) => t.company?.name },
    { header: "Expected revenue (GBP)", value: (t) => t.expected_revenue },
    { header: "Expected close date", value: (t) => dateCell(t.expected_close_date) },
    { header: "KYB", value: (t) => yesNo(t.kyb) },
    { header: "Description", value: (t) => t.description },
    { header: "Created", value: (t) => dateTimeCell(t.created_at) },
    { header: "Updated", value: (t) => dateTimeCell(t.updated_at) },
  ],
  select: (db, auth, query) => tableSelection(tasks, taskListPlan(auth, query)),
  load: (db, auth, ids) => loadTasks(db, auth.tenantId, ids, new Set(INCLUDES)),
  title: (t) => `Task: ${t.name}`,
});
