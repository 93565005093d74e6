import type { Variant } from "./variant";

/**
 * Words the smallBusiness edition says differently: tasks are opportunities and workflows are
 * automations. One lookup, not a second code path.
 */
const words = {
  flightdeck: { task: "task", tasks: "tasks", Task: "Task", Tasks: "Tasks", workflows: "Workflow management", assignTask: "Assign task", moveTask: "Move task" },
  smallbusiness: {
    task: "opportunity",
    tasks: "opportunities",
    Task: "Opportunity",
    Tasks: "Opportunities",
    workflows: "Automations",
    assignTask: "Assign opportunity",
    moveTask: "Move opportunity",
  },
} as const;

export type Words = (typeof words)[Variant];

export function wordsFor(edition: Variant): Words {
  return words[edition];
}
