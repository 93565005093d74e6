import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import qs from "qs";
import { listQuerySchema } from "#contract/common";
import { TERMINAL_MESSAGES } from "#common/terminal-orders";
import {
  checkoutSessionParams,
  hardwareCheckoutBodySchema,
  hardwareCheckoutResponseSchema,
  hardwareOrderBodySchema,
  hardwareOrderPreviewBodySchema,
  hardwareOrderPreviewResponseSchema,
  hardwareSkuListSchema,
  shippingMethodListSchema,
  terminalOrderListSchema,
  terminalOrderResponseSchema,
} from "#contract/terminal-orders";
import { notFound } from "#api/http/errors";
import { hostedPageHeaders, hostedUrl, portalOriginOf } from "#api/http/hosted-page";
import { idParams } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { connectFor, paymentsFor, SandboxPayments } from "#api/integrations/payments";
import { checkoutPageHtml, unknownCheckoutHtml, type CheckoutView } from "./checkout-page";
import { readCardForm } from "../payments/card-form";
import * as service from "./service";

const VIEW = { permissions: ["terminal_view", "terminal_manage", "terminal_request"] as const };
const ORDER = { permissions: ["terminal_request", "terminal_manage"] as const };

const connect = (request: FastifyRequest) => connectFor(request.server.database, request.server.config);

const orderRoutes = routes((r) => {
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

  /**
   * The pay step without a card form here: the order is checked and priced as for POST /terminal-orders, and a
   * hosted checkout session is made for it (Stripe Checkout; the sandbox's own page). The portal sends the browser
   * to `url`. Nothing is ordered or charged yet. The same `idempotency_key` answers the same session.
   */
  r.post(
    "/terminal-orders/checkout",
    {
      access: ORDER,
      body: hardwareCheckoutBodySchema,
      response: hardwareCheckoutResponseSchema,
      status: 201,
      summary: "Start paying for a terminal hardware order on the provider's hosted page",
    },
    async ({ auth, body, request, reply }) => {
      // The hosted page returns to the portal's /terminal-orders/checkout.
      const portal = portalOriginOf(request, body.return_url, "/terminal-orders/checkout", TERMINAL_MESSAGES.checkoutReturnUrl);
      const session = await service.startCheckout(
        connect(request),
        paymentsFor(request.server.database, request.server.config),
        { tenantId: auth.tenantId, userId: auth.userId },
        body,
        { successUrl: `${portal}/terminal-orders/checkout?session_id={CHECKOUT_SESSION_ID}`, cancelUrl: `${portal}/terminal-orders/new?checkout=cancelled` },
      );
      return reply.code(201).send({ data: { ...session, url: hostedUrl(request, session.url) } });
    },
  );

  /**
   * Back from the hosted page: a paid session's order is created and recorded with its payment (201; the same
   * session again answers the same order, 200). Not paid: 409, nothing recorded. Another company's session: 404.
   * The provider refusing the hardware after payment: the payment is refunded and the answer says so.
   */
  r.post(
    "/terminal-orders/checkout/:session/complete",
    { access: ORDER, params: checkoutSessionParams, response: terminalOrderResponseSchema, status: 201, summary: "Complete a paid terminal hardware checkout" },
    async ({ auth, params, request, reply }) => {
      const { order, repeated } = await service.completeCheckout(
        request.server.database,
        connect(request),
        paymentsFor(request.server.database, request.server.config),
        auth.tenantId,
        params.session,
      );
      return reply.code(repeated ? 200 : 201).send({ data: order });
    },
  );

  r.get("/terminal-orders/:id", { access: VIEW, params: idParams, response: terminalOrderResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.loadOrder(request.server.database.db, auth.tenantId, params.id),
  }));

  // ------------------------------------------------------------------ the payments sandbox's hosted checkout

  /** The session's page, when the sandbox knows it (the real provider's sessions are paid on Stripe's page). */
  const session = async (request: FastifyRequest, id: string) => {
    const p = paymentsFor(request.server.database, request.server.config);
    return p instanceof SandboxPayments ? { p, s: await p.openCheckout(id) } : null;
  };
  /**
   * An open session and its sandbox, or null once the browser has been answered: an unknown session is a 404 page
   * (JSON to other callers), a paid one goes on to its success address, an expired one back to its cancel address
   * (as Stripe's page does).
   */
  const openSession = async (request: FastifyRequest, reply: FastifyReply, id: string) => {
    const found = await session(request, id);
    if (!found?.s) {
      if (!request.headers.accept?.includes("text/html")) throw notFound("Checkout session");
      void hostedPageHeaders(reply.code(404)).send(unknownCheckoutHtml());
      return null;
    }
    const { p, s } = found;
    if (s.status === "complete" || s.status === "expired") {
      void reply.redirect(s.status === "complete" ? s.successUrl : s.cancelUrl, 303);
      return null;
    }
    return { p, s };
  };
  const view = (id: string, s: NonNullable<Awaited<ReturnType<SandboxPayments["openCheckout"]>>>, extra: Partial<CheckoutView> = {}): CheckoutView => ({
    action: `/payments-sandbox/checkout/${id}`,
    description: s.description,
    lines: s.lines,
    amountPence: s.amountPence,
    cancelUrl: s.cancelUrl,
    values: {},
    ...extra,
  });

  /** Open: the card form. Paid: on to the success address. Expired: back to the cancel address (as Stripe does). */
  r.get(
    "/payments-sandbox/checkout/:session",
    { access: { public: true }, params: checkoutSessionParams, responseType: "text/html", summary: "The payments sandbox's hosted checkout page" },
    async ({ params, request, reply }) => {
      const found = await openSession(request, reply, params.session);
      if (!found) return reply;
      const { s } = found;
      return hostedPageHeaders(reply, s.successUrl).send(checkoutPageHtml(view(params.session, s)));
    },
  );

  /** The card form sent: paid → 303 to the success address; declined → the page again with its reason (402). */
  r.post(
    "/payments-sandbox/checkout/:session",
    { access: { public: true }, params: checkoutSessionParams, responseType: "text/html", summary: "The payments sandbox's hosted checkout page, paid" },
    async ({ params, request, reply }) => {
      const found = await openSession(request, reply, params.session);
      if (!found) return reply;
      const { s } = found;
      const { values: kept, errors, card } = readCardForm((request.body ?? {}) as Record<string, unknown>);
      if (Object.keys(errors).length) {
        return hostedPageHeaders(reply.code(422), s.successUrl).send(
          checkoutPageHtml(view(params.session, s, { values: kept, errors, error: "Check the card details below." })),
        );
      }
      const after = await found.p.payCheckout(params.session, { type: "card", ...card });
      if (after.status === "complete") return reply.redirect(s.successUrl, 303);
      if (after.status === "expired") return reply.redirect(s.cancelUrl, 303);
      const reason = after.intent?.failure?.message ?? "Your card was declined.";
      return hostedPageHeaders(reply.code(402), s.successUrl).send(
        checkoutPageHtml(view(params.session, s, { values: kept, error: `${reason} Try another card.` })),
      );
    },
  );
});

/** The routes, and (in their own scope) a parser for the sandbox checkout's card form, a plain HTML form post. */
export default async function terminalOrdersRoutes(app: FastifyInstance, options: { area?: string } = {}) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
    done(null, qs.parse(body as string, { depth: 1, parameterLimit: 20 }));
  });
  await orderRoutes(app, options);
}
