/**
 * The payments list (customer transactions) at scale, filter by filter, in process (the API's own service function):
 *
 *   DATABASE_URL=… npx tsx bench/payment-list.ts [--runs 15] [--no-migrate]
 *
 * Data: bench/generate.ts (`--payments 200000`). For each of the list's filters and sorts: page 1 on a first view
 * (remembered counts and page starts forgotten, as after a write) and on a repeat view (the count remembered at the
 * payments version), median and p95; then page 500 of the busiest view. SERVICE=path loads another copy of the
 * service (the figures before a change). Results on stdout, as Markdown.
 */
import { timeListViews, type ListView } from "./list-views";

const service = (await import(process.env.SERVICE ?? "#api/modules/payments/service")) as typeof import("#api/modules/payments/service");

const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const views: ListView[] = [
  ["no filter", {}, "-created_at"],
  ["status succeeded", { status: "succeeded" }, "-created_at"],
  ["status refunded,partially_refunded", { status: "refunded,partially_refunded" }, "-created_at"],
  ["method card_present", { method: "card_present" }, "-created_at"],
  ["created_at last 30 days", { created_at: { from: monthAgo } }, "-created_at"],
  ["amount £100–£200", { amount_from: "100", amount_to: "200" }, "-created_at"],
  ["client 'Payer 12'", { client: "Payer 12" }, "-created_at"],
  ["search 'pi_bench_12345'", { search: "pi_bench_12345" }, "-created_at"],
  ["sort amount", {}, "amount"],
  ["sort -amount", {}, "-amount"],
  ["sort status", {}, "status"],
  ["sort -status", {}, "-status"],
  ["sort client", {}, "client"],
];

await timeListViews({ table: "payments", list: service.listPayments, views, deep: ["status succeeded", { status: "succeeded" }, "-created_at"] });
