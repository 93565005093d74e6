import { z } from "zod";
import { connectFor } from "#api/integrations/payments";
import { defineJob } from "#api/jobs/define";
import { syncOpenOrders } from "./service";

/**
 * Every five minutes: open hardware orders (pending, ready to ship, shipped) are read from the provider and what
 * moved on is recorded. The sandbox's orders move on by themselves as a shipped order would (ready to ship after
 * a minute, shipped after three, delivered after ten).
 */
export const terminalOrderStatusJob = defineJob(
  "terminal-orders.status",
  z.object({}).passthrough(),
  async (_payload, { database, config }) => {
    await syncOpenOrders(database, connectFor(database, config));
  },
  { retryLimit: 3, retryDelaySeconds: 60, schedule: "*/5 * * * *" },
);
