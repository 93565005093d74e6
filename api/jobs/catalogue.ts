/**
 * Every area's job definitions, imported for their defineJob() calls so that the API and a worker of its own
 * know the same jobs. Add an area's `jobs.ts` here.
 */
import "../modules/teams/jobs";
import "../modules/workflows/jobs";
