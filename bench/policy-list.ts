/**
 * The policies list at scale, filter by filter, in process (the API's own service function):
 *
 *   DATABASE_URL=… npx tsx bench/policy-list.ts [--runs 15] [--no-migrate]
 *
 * Data: bench/generate.ts (`--policies 1000000`). For each of the list's filters (and a sort), alone and with
 * the state: page 1 on a first view (remembered counts and page starts forgotten, as after a write) and on a
 * repeat view (the count remembered at the policies version), median and p95; then page 500 of the busiest view.
 * SERVICE=path loads another copy of the service (the figures before a change). Results on stdout, as Markdown.
 */
import { timeListViews, type ListView } from "./list-views";

const service = (await import(process.env.SERVICE ?? "#api/modules/policies/service")) as typeof import("#api/modules/policies/service");

const year = new Date().getFullYear();
const views: ListView[] = [
  ["no filter", {}, "-created_at"],
  ["policyNumber 'BENCH-0001'", { policyNumber: "BENCH-0001" }, "-created_at"],
  ["productName 'Cyber'", { productName: "Cyber" }, "-created_at"],
  ["mainBrokerName 'Harbour'", { mainBrokerName: "Harbour" }, "-created_at"],
  ["client_name 'a'", { client_name: "an" }, "-created_at"],
  ["creationDate this year", { creationDate: { from: `${year}-01-01`, to: `${year}-12-31` } }, "-created_at"],
  ["renewalDate next 90 days", { renewalDate: { from: `${year}-12-01`, to: `${year + 1}-02-28` } }, "renewal_date"],
  ["state BOUND", { state: "BOUND" }, "-created_at"],
  ["state BOUND + mainBrokerName 'Harbour'", { state: "BOUND", mainBrokerName: "Harbour" }, "-created_at"],
  ["state CANCELLED + productName 'Fleet'", { state: "CANCELLED", productName: "Fleet" }, "-created_at"],
  ["renewal_due 30", { renewal_due: "30" }, "renewal_date"],
  ["sort number", {}, "number"],
  ["sort -main_broker_name", {}, "-main_broker_name"],
  ["sort state", {}, "state"],
];

await timeListViews({
  table: "policies",
  list: service.listPolicies,
  views,
  deep: ["state BOUND + mainBrokerName 'Harbour'", { state: "BOUND", mainBrokerName: "Harbour" }, "-created_at"],
});
