import type { FastifyInstance, FastifyRequest } from "fastify";
import qs from "qs";
import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { cancelBodySchema, PAYMENT_MESSAGES, paymentListSchema, paymentResponseSchema, refundBodySchema } from "#contract/payments";
import { HttpError } from "#api/http/errors";
import { hostedPageHeaders } from "#api/http/hosted-page";
import { idParams } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { parseOr422 } from "#api/http/validation";
import { PaymentProviderUnavailable, PaymentRequestError, paymentsFor } from "#api/integrations/payments";
import { loadDocument } from "../sales-documents/service";
import { sellerName } from "../sales-documents/send";
import { payPageHtml, type PayPageView } from "./pay-page";
import { readCardForm } from "./card-form";
import * as service from "./service";

const VIEW = { permissions: ["payment_view", "payment_manage"] as const };
const MANAGE = { permissions: ["payment_manage"] as const };
const payQuery = z.object({ token: z.string().max(200).optional() });

const provider = (request: FastifyRequest) => paymentsFor(request.server.database, request.server.config);

const paymentRoutes = routes((r) => {
  r.get("/payment", { access: VIEW, query: listQuerySchema({ maxSize: 100 }), response: paymentListSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listPayments(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/payment/:id", { access: VIEW, params: idParams, response: paymentResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.loadPayment(request.server.database, auth.tenantId, params.id),
  }));

  /** Cancels an authorised payment (the hold is released); a completed one answers 422: refund it instead. */
  r.put("/payment/:id/cancel", { access: MANAGE, params: idParams, response: paymentResponseSchema }, async ({ auth, params, request }) => {
    const body = parseOr422(cancelBodySchema, request.body ?? {});
    return { data: await service.cancelPayment(request.server.database, provider(request), auth, params.id, body.idempotency_key) };
  });

  /**
   * Refunds all (`amount_pence` absent) or part of a payment, never more than is left. The same
   * `idempotency_key` again refunds once and answers the payment as it is.
   */
  r.put(
    "/payment/:id/refund",
    { access: MANAGE, params: idParams, body: refundBodySchema, response: paymentResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.refundPayment(request.server.database, provider(request), auth, params.id, body),
    }),
  );

  // ------------------------------------------------------------------ the client's card form of an invoice

  const view = async (request: FastifyRequest, id: number, token: string, extra: Partial<PayPageView> = {}): Promise<PayPageView> => {
    const { db } = request.server.database;
    const row = await service.payableInvoice(db, id, token);
    const doc = await loadDocument(db, row.tenantId, "invoice", row.id);
    const tokenQuery = `?token=${encodeURIComponent(token)}`;
    return {
      seller: await sellerName(db, row.tenantId),
      number: doc.number_label,
      client: doc.client.name,
      totalPence: doc.total_pence,
      dueDate: doc.due_date,
      summaryHref: `/simple-invoices/${row.id}/summary${tokenQuery}`,
      action: `/simple-invoices/${row.id}/pay`,
      token,
      attemptKey: service.newFormKey(),
      provider: provider(request).kind,
      closed: row.status === "paid" ? PAYMENT_MESSAGES.invoicePaid : row.status !== "sent" ? PAYMENT_MESSAGES.invoiceNotPayable : undefined,
      ...extra,
    };
  };

  /** The card form (sandbox: test cards), through the invoice's link; a wrong or missing token is not found. */
  r.get(
    "/simple-invoices/:id/pay",
    { access: { public: true }, params: idParams, query: payQuery, responseType: "text/html" },
    async ({ params, query, request, reply }) => {
      const page = await view(request, params.id, query.token ?? "");
      return hostedPageHeaders(reply).send(payPageHtml(page));
    },
  );

  /**
   * The card form sent: the payment is taken and recorded, the invoice marked paid by card, and the client sent
   * back to the summary (303). A declined card (402) or a mistake in the form (422) draws the form again.
   */
  r.post("/simple-invoices/:id/pay", { access: { public: true }, params: idParams, responseType: "text/html" }, async ({ params, request, reply }) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === "string" ? body.token : "";
    const attempt = typeof body.attempt === "string" && /^[\w-]{8,100}$/.test(body.attempt) ? body.attempt : service.newFormKey();
    const { card, errors, values } = readCardForm(body);
    const again = async (status: number, extra: Partial<PayPageView>) =>
      hostedPageHeaders(reply.code(status)).send(payPageHtml(await view(request, params.id, token, { values, ...extra })));
    await service.payableInvoice(request.server.database.db, params.id, token);
    if (Object.keys(errors).length) return again(422, { errors, error: "Check the card details below." });
    try {
      const payment = await service.payInvoiceByCard(request.server.database, provider(request), params.id, token, card, attempt);
      if (payment.status === "failed") return again(402, { error: payment.failureMessage ?? "Your card was declined." });
      if (payment.refundedPence + payment.refundPendingPence > 0) return again(409, { error: PAYMENT_MESSAGES.refundedToPayer });
      return reply.redirect(`/simple-invoices/${params.id}/summary?token=${encodeURIComponent(token)}&paid=1`, 303);
    } catch (error) {
      if (error instanceof HttpError && (error.statusCode === 422 || error.statusCode === 409)) return again(error.statusCode, { error: error.message });
      if (error instanceof PaymentRequestError) return again(422, { error: `The card could not be charged: ${error.message}` });
      // Whether the card was charged is not known: the same attempt again (its key kept) charges it at most once.
      if (error instanceof PaymentProviderUnavailable) {
        return again(502, { error: "The payment provider did not answer. Please press Pay again: you will not be charged twice.", attemptKey: attempt });
      }
      throw error;
    }
  });
});

/** The routes, and (in their own scope) a parser for the card form, a plain HTML form post. */
export default async function paymentsRoutes(app: FastifyInstance, options: { area?: string } = {}) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
    done(null, qs.parse(body as string, { depth: 1, parameterLimit: 20 }));
  });
  await paymentRoutes(app, options);
}
