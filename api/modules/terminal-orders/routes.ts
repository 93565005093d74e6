import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { listQuerySchema } from "#contract/common";
import {
  hardwareOrderBodySchema,
  hardwareOrderPreviewBodySchema,
  hardwareOrderPreviewResponseSchema,
  hardwareSkuListSchema,
  shippingMethodListSchema,
  terminalOrderListSchema,
  terminalOrderResponseSchema,
} from "#contract/terminal-orders";
import { idParams } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { connectFor, paymentsFor } from "#api/integrations/payments";
import * as service from "./service";

const VIEW = { permissions: ["terminal_view", "terminal_manage", "terminal_request"] as const };
const ORDER = { permissions: ["terminal_request", "terminal_manage"] as const };

const connect = (request: FastifyRequest) => connectFor(request.server.database, request.server.config);

export default routes((r) => {
  r.get("/terminal-orders", { access: VIEW, query: listQuerySchema({ maxSize: 100 }), response: terminalOrderListSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listOrders(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  /** The hardware catalogue (GB): Wise POS E and Wise Pad 3, unit prices in pence before VAT. */
  r.get("/terminal-orders/skus", { access: VIEW, response: hardwareSkuListSchema, summary: "Terminal hardware SKUs" }, async ({ request }) => ({
    data: await service.catalogue(connect(request)),
  }));

  r.get(
    "/terminal-orders/shipping-methods",
    { access: VIEW, response: shippingMethodListSchema, summary: "Terminal hardware shipping methods" },
    async ({ request }) => ({ data: await service.shippingMethods(connect(request)) }),
  );

  /**
   * What an order would cost: the provider's prices, shipping and VAT. The provider's 422 answers 422 marked
   * `error: "STRIPE_ERROR"`; any other failure 502 marked `error: "ERROR"`.
   */
  r.post(
    "/terminal-orders/preview",
    { access: ORDER, body: hardwareOrderPreviewBodySchema, response: hardwareOrderPreviewResponseSchema, summary: "Preview a terminal hardware order" },
    async ({ auth, body, request }) => ({
      data: await service.previewOrder(connect(request), { tenantId: auth.tenantId, userId: auth.userId }, body, randomUUID()),
    }),
  );

  /**
   * Orders the hardware and pays for it by card, all or nothing; the same `idempotency_key` again answers the same
   * order (200) and charges once. 201 for a new order; 402 a declined card; 422 refused input or STRIPE_ERROR;
   * 502 a provider not answering (nothing ordered).
   */
  r.post(
    "/terminal-orders",
    { access: ORDER, body: hardwareOrderBodySchema, response: terminalOrderResponseSchema, status: 201, summary: "Order terminal hardware and pay by card" },
    async ({ auth, body, request, reply }) => {
      const { order, repeated } = await service.placeOrder(
        request.server.database,
        connect(request),
        paymentsFor(request.server.database, request.server.config),
        { tenantId: auth.tenantId, userId: auth.userId },
        body,
      );
      return reply.code(repeated ? 200 : 201).send({ data: order });
    },
  );

  r.get("/terminal-orders/:id", { access: VIEW, params: idParams, response: terminalOrderResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.loadOrder(request.server.database.db, auth.tenantId, params.id),
  }));
});
