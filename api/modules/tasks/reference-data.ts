import type { Db } from "#api/db/client";
import { confidenceScores, expectedCloseDateChangeReasons, paymentFrequencies, taskProductTypes } from "#api/db/schema";

/** Product types a task can carry (GET /task-product-type). */
export const TASK_PRODUCT_TYPES = [
  "Commercial combined",
  "Employers' liability",
  "Public liability",
  "Professional indemnity",
  "Directors' and officers'",
  "Cyber",
  "Property",
  "Motor fleet",
  "Goods in transit",
  "Key person cover",
  "Group life",
  "Private medical",
  "Income protection",
  "Home and contents",
  "Travel",
];

/** The answers of the four confidence questions, scored 1 (low) to 5 (high). */
export const CONFIDENCE_ANSWERS: Record<"revenue-timing" | "revenue-estimate" | "execution" | "client", [string, number][]> = {
  "revenue-timing": [
    ["Timing unknown", 1],
    ["Likely to slip", 2],
    ["Could slip a month", 3],
    ["On track", 4],
    ["Date agreed with the client", 5],
  ],
  "revenue-estimate": [
    ["Rough guess", 1],
    ["Based on last year", 2],
    ["Indicative quote", 3],
    ["Firm quote", 4],
    ["Premium agreed", 5],
  ],
  execution: [
    ["Not started", 1],
    ["Information outstanding", 2],
    ["With insurers", 3],
    ["Terms received", 4],
    ["Ready to bind", 5],
  ],
  client: [
    ["New contact", 1],
    ["Shopping around", 2],
    ["Engaged", 3],
    ["Committed", 4],
    ["Long-standing client", 5],
  ],
};

export const PAYMENT_FREQUENCIES: [string, number][] = [
  ["Monthly", 12],
  ["Quarterly", 4],
  ["Half-yearly", 2],
  ["Annually", 1],
  ["One-off", 0],
];

export const CLOSE_DATE_CHANGE_REASONS = [
  "Client asked for more time",
  "Waiting for insurer terms",
  "Information outstanding",
  "Renewal date moved",
  "Decision maker unavailable",
  "Budget not yet approved",
  "Other",
];

/** Makes sure the task lookups exist; safe to run on every start (existing rows are kept). */
export async function ensureTaskLookups(db: Db) {
  await db
    .insert(taskProductTypes)
    .values(TASK_PRODUCT_TYPES.map((name, i) => ({ name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(confidenceScores)
    .values(
      Object.entries(CONFIDENCE_ANSWERS).flatMap(([type, answers]) =>
        answers.map(([name, score]) => ({ type: type as keyof typeof CONFIDENCE_ANSWERS, name, score })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(paymentFrequencies)
    .values(PAYMENT_FREQUENCIES.map(([name, periodsPerYear], i) => ({ name, periodsPerYear, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(expectedCloseDateChangeReasons)
    .values(CLOSE_DATE_CHANGE_REASONS.map((name, i) => ({ name, sortOrder: i + 1 })))
    .onConflictDoNothing();
}
