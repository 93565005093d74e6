import { z } from "zod";
import { connectFor, paymentsFor } from "#api/integrations/payments";
import { defineJob } from "#api/jobs/define";
import { completePaidCheckouts, syncOpenOrders } from "./service";

/**
 * Every five minutes: open hardware orders (pending, ready to ship, shipped) are read from the provider and what
 * moved on is recorded. The sandbox's orders move on by themselves as a shipped order would (ready to ship after
 * a minute, shipped after three, delivered after ten). First, hardware orders paid on the hosted checkout page but
 * never returned to (the browser closed there) are completed as the portal's return would.
 */
export const terminalOrderStatusJob = defineJob(
  "terminal-orders.status",
  z.object({}).passthrough(),
  async (_payload, { database, config }) => {
    const connect = connectFor(database, config);
    await completePaidCheckouts(database, connect, paymentsFor(database, config));
    await syncOpenOrders(database, connect);
  },
  { retryLimit: 3, retryDelaySeconds: 60, schedule: "*/5 * * * *" },
);
