import { z } from "zod";
import { defineJob } from "#api/jobs/define";
import { paymentsFor } from "#api/integrations/payments";
import { advanceRefund } from "./service";

/**
 * Moves a refund on at the provider: a refund left "requested" by an outage is sent again (with its own
 * idempotency key, so it refunds once); a pending one is asked about until it has succeeded or failed. Still
 * pending: the job fails and is retried with backoff.
 */
export const refundStatusJob = defineJob(
  "payments.refund-status",
  z.object({ refundId: z.number().int().positive() }),
  async ({ refundId }, { database, config }) => {
    const settled = await advanceRefund(database, paymentsFor(database, config), refundId);
    if (!settled) throw new Error("The refund is still pending at the payment provider.");
  },
  { retryLimit: 12, retryDelaySeconds: 10 },
);
