import type { Variant } from "./variant";

/**
 * Words the smallBusiness edition says differently: tasks are opportunities, workflows are
 * automations, individuals and companies are customers. One lookup, not a second code path.
 */
const words = {
  flightdeck: {
    task: "task",
    tasks: "tasks",
    Task: "Task",
    Tasks: "Tasks",
    workflows: "Workflow management",
    workflow: "workflow",
    workflowPlural: "workflows",
    assignTask: "Assign task",
    moveTask: "Move task",
    individual: "individual",
    individuals: "individuals",
    Individuals: "Individuals",
    company: "company",
    companies: "companies",
    Companies: "Companies",
  },
  smallbusiness: {
    task: "opportunity",
    tasks: "opportunities",
    Task: "Opportunity",
    Tasks: "Opportunities",
    workflows: "Automations",
    workflow: "automation",
    workflowPlural: "automations",
    assignTask: "Assign opportunity",
    moveTask: "Move opportunity",
    individual: "individual customer",
    individuals: "individual customers",
    Individuals: "Individual customers",
    company: "company customer",
    companies: "company customers",
    Companies: "Company customers",
  },
} as const;

export type Words = (typeof words)[Variant];

export function wordsFor(edition: Variant): Words {
  return words[edition];
}

/** A word as the start of a sentence or a label: "individual" → "Individual". */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
