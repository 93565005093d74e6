/**
 * Every area's job definitions, imported for their defineJob() calls so that the API and a worker of its own
 * know the same jobs. Add an area's `jobs.ts` here.
 */
import "../modules/teams/jobs";
import "../modules/payments/jobs";
import "../modules/calendar/jobs";
import "../modules/policies/jobs";
import "../modules/exports/jobs";
import "../modules/bdx/jobs";
import "../modules/workflows/jobs";
import "../modules/terminal-orders/jobs";
