import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import qs from "qs";
import { z } from "zod";
import { hasAnyPermission, type Permission } from "#contract/permissions";
import { listQuerySchema } from "#contract/common";
import { approveBodySchema, documentBodySchema, numberFormatBodySchema, paidStatusBodySchema } from "#contract/sales-documents";
import type { SalesDocumentKind } from "#api/db/schema";
import { forbidden, notFound } from "#api/http/errors";
import { apiBaseOf } from "#api/http/hosted-page";
import { attachment, sendStoredFile } from "#api/http/files";
import { idParams, pathId } from "#api/http/ids";
import { readForm } from "#api/http/multipart";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { parseOr422 } from "#api/http/validation";
import { tokenMatches } from "#api/lib/tokens";
import { numberFormat, setNumberFormat } from "./numbering";
import { documentView, summaryHtml, summaryPdf } from "./render";
import { sellerName, markSent, sendDocument } from "./send";
import { addFile, deleteFile, findFile, listFiles } from "./files";
import { listDocuments } from "./list";
import { findAnyRow, findRow, KINDS, loadDocument } from "./service";
import { approveByClient, cancelInvoice, cancelQuote, convertToInvoice, markApproved, setPaidStatus } from "./status";
import { addItem, createDocument, deleteDocument, deleteItem, getItem, listItems, recalculate, updateDocument, updateItem } from "./write";
import { accountingOf } from "../accounting-documents/provider";
import { convertSimpleQuote } from "../accounting-documents/convert";
import { loadDocument as loadAccountingDocument } from "../accounting-documents/service";

const itemParams = z.object({ id: pathId, itemId: pathId });
const fileParams = z.object({ id: pathId, documentId: pathId });
/** `preview=1`: the company's own look at the page through the link (the portal's frame), without the client's approval form. */
const summaryQuery = z.object({
  token: z.string().max(200).optional(),
  approved: z.string().max(10).optional(),
  paid: z.string().max(10).optional(),
  preview: z.string().max(10).optional(),
});

/** The API's address for the client's links: API_PUBLIC_URL, or the address the caller reached it on. */

/**
 * Who may read a summary or its PDF: a signed-in user of the document's company holding the view permission
 * (bearer token), or anyone holding the client's link (its token). A public route never answers 401: without either
 * the document is not found; a bearer without the permission is 403, as on every other route.
 */
async function readableDocument(
  request: FastifyRequest,
  kind: SalesDocumentKind,
  id: number,
  token: string | undefined,
  auth: { tenantId: number; permissions: Set<string> } | null,
) {
  const { db } = request.server.database;
  if (token !== undefined) {
    const row = await findAnyRow(db, kind, id);
    if (!row || !tokenMatches(row, token)) throw notFound(KINDS[kind].Noun);
    return { row, viaLink: true };
  }
  if (!auth) throw notFound(KINDS[kind].Noun);
  if (!hasAnyPermission(auth.permissions, [KINDS[kind].view])) throw forbidden();
  return { row: await findRow(db, auth.tenantId, kind, id), viaLink: false };
}

/**
 * Who may frame a summary (the portal's summary pages): the portal at PORTAL_URL, PORTAL_FRAME_ORIGINS, and, when the
 * portal runs on localhost, its two development hosts (flightdeck.localhost, smallbusiness.localhost) at that port.
 */
export function portalFrameOrigins(portalUrl: string, extra: readonly string[] = []): string[] {
  const portal = new URL(portalUrl);
  const origins = [portal.origin, ...extra];
  if (portal.hostname === "localhost") {
    for (const host of ["flightdeck.localhost", "smallbusiness.localhost"]) origins.push(`${portal.protocol}//${host}${portal.port ? `:${portal.port}` : ""}`);
  }
  return [...new Set(origins)];
}

function htmlHeaders(reply: FastifyReply, portalUrl: string, extra: readonly string[] = []) {
  return reply
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Cache-Control", "private, no-store")
    .header("X-Content-Type-Options", "nosniff")
    .header("Referrer-Policy", "no-referrer")
    .header(
      "Content-Security-Policy",
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self' ${portalFrameOrigins(portalUrl, extra).join(" ")}`,
    );
}

const salesRoutes = routes((r) => {
  for (const kind of ["quote", "invoice"] as const) {
    const k = KINDS[kind];
    // Reading: the view permission, or the manage one (who changes a document reads it: the portal's list route
    // lets either in).
    const VIEW = { permissions: [k.view, k.manage] as Permission[] };
    const MANAGE = { permissions: [k.manage] as Permission[] };
    const DELETE = { permissions: [k.remove] as Permission[] };
    const P = k.path;
    const detail = async (request: FastifyRequest, tenantId: number, id: number) => ({
      data: await loadDocument(request.server.database.db, tenantId, kind, id, apiBaseOf(request)),
    });

    r.get(P, { access: VIEW, query: listQuerySchema({ maxSize: 100 }) }, async ({ auth, query, request }) => {
      const { rows, total } = await listDocuments(request.server.database.db, auth.tenantId, kind, query);
      return paged(request, query, rows, total);
    });

    r.get(`${P}/number-format`, { access: VIEW }, async ({ auth, request }) => ({ data: await numberFormat(request.server.database.db, auth.tenantId, kind) }));
    r.put(`${P}/number-format`, { access: MANAGE, body: numberFormatBodySchema }, async ({ auth, body, request }) => ({
      data: await setNumberFormat(request.server.database.db, auth.tenantId, kind, body),
    }));

    r.post(P, { access: MANAGE, body: documentBodySchema }, async ({ auth, body, request, reply }) => {
      const id = await createDocument(request.server.database, auth, kind, body);
      reply.code(201);
      return detail(request, auth.tenantId, id);
    });

    r.get(`${P}/:id`, { access: VIEW, params: idParams }, async ({ auth, params, request }) => detail(request, auth.tenantId, params.id));

    r.put(`${P}/:id`, { access: MANAGE, params: idParams, body: documentBodySchema }, async ({ auth, params, body, request }) => {
      await updateDocument(request.server.database, auth, kind, params.id, body);
      return detail(request, auth.tenantId, params.id);
    });

    r.delete(`${P}/:id`, { access: DELETE, params: idParams }, async ({ auth, params, request }) => {
      await deleteDocument(request.server.database, request.server.storage, auth, kind, params.id);
    });

    // ---------------------------------------------------------------- items
    r.get(`${P}/:id/items`, { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
      data: await listItems(request.server.database.db, auth.tenantId, kind, params.id),
    }));
    r.post(`${P}/:id/items`, { access: MANAGE, params: idParams }, async ({ auth, params, request, reply }) => {
      await addItem(request.server.database, auth, kind, params.id, request.body);
      reply.code(201);
      return detail(request, auth.tenantId, params.id);
    });
    r.get(`${P}/:id/items/:itemId`, { access: VIEW, params: itemParams }, async ({ auth, params, request }) => ({
      data: await getItem(request.server.database.db, auth.tenantId, kind, params.id, params.itemId),
    }));
    r.put(`${P}/:id/items/:itemId`, { access: MANAGE, params: itemParams }, async ({ auth, params, request }) => {
      await updateItem(request.server.database, auth, kind, params.id, params.itemId, request.body);
      return detail(request, auth.tenantId, params.id);
    });
    r.delete(`${P}/:id/items/:itemId`, { access: MANAGE, params: itemParams }, async ({ auth, params, request }) => {
      await deleteItem(request.server.database, auth, kind, params.id, params.itemId);
      return detail(request, auth.tenantId, params.id);
    });

    // ---------------------------------------------------------------- attachments
    r.get(`${P}/:id/documents`, { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
      data: await listFiles(request.server.database.db, auth.tenantId, kind, params.id),
    }));
    /** Multipart with a `document` file (PDF, Word, Excel, image, CSV or text; at most 2 MB). */
    r.post(`${P}/:id/documents`, { access: MANAGE, params: idParams }, async ({ auth, params, request, reply }) => {
      const form = await readForm(request, ["document"], { document: "document" });
      const file = await addFile(request.server.database, request.server.storage, auth, kind, params.id, form.files.document);
      reply.code(201);
      return { data: file };
    });
    /** An attachment, to the company's users only: downloaded, never kept by a shared cache, never run. */
    r.get(`${P}/:id/documents/:documentId`, { access: VIEW, params: fileParams }, async ({ auth, params, request, reply }) => {
      const f = await findFile(request.server.database.db, auth.tenantId, kind, params.id, params.documentId);
      const stored = await request.server.storage.get(f.storageKey);
      if (!stored) throw notFound("Document");
      return sendStoredFile(reply, stored.bytes, { contentType: f.mimeType, disposition: attachment(f.filename), cacheControl: "private, no-store" });
    });
    r.delete(`${P}/:id/documents/:documentId`, { access: MANAGE, params: fileParams }, async ({ auth, params, request }) => {
      await deleteFile(request.server.database, request.server.storage, auth, kind, params.id, params.documentId);
    });

    // ---------------------------------------------------------------- actions
    r.post(`${P}/:id/send`, { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
      await sendDocument(request.server.database, request.server.mail, auth, kind, params.id, apiBaseOf(request));
      return detail(request, auth.tenantId, params.id);
    });
    r.post(`${P}/:id/mark-as-sent`, { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
      await markSent(request.server.database, auth, kind, params.id);
      return detail(request, auth.tenantId, params.id);
    });
    r.post(`${P}/:id/recalculate`, { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
      await recalculate(request.server.database, auth, kind, params.id);
      return detail(request, auth.tenantId, params.id);
    });

    // ---------------------------------------------------------------- summary and PDF
    /**
     * The summary page, HTML fit to print: for the company's users (bearer, view permission) and for the client
     * through the link (`?token=`). A sent quote opened through the link offers "Approve this quote".
     */
    r.get(`${P}/:id/summary`, { access: { public: true }, params: idParams, query: summaryQuery }, async ({ auth, params, query, request, reply }) => {
      const { row, viaLink } = await readableDocument(request, kind, params.id, query.token, auth);
      const { db } = request.server.database;
      const doc = await loadDocument(db, row.tenantId, kind, row.id, apiBaseOf(request));
      const view = documentView(kind, doc, await sellerName(db, row.tenantId));
      const tokenQuery = viaLink ? `?token=${encodeURIComponent(query.token!)}` : "";
      const html = summaryHtml(view, {
        pdfHref: `${P}/${row.id}/pdf${tokenQuery}`,
        approve:
          viaLink && query.preview !== "1" && kind === "quote" && row.status === "sent" ? { action: `${P}/${row.id}/approve`, token: query.token! } : undefined,
        message:
          viaLink && query.approved === "1" && (row.status === "approved" || row.status === "converted")
            ? "Thank you: the quote is approved."
            : viaLink && query.paid === "1" && kind === "invoice" && row.status === "paid"
              ? "Thank you: your payment was received and the invoice is paid."
              : undefined,
        // A sent invoice opened through the client's link can be paid by card (api/modules/payments/pay-page.ts).
        payHref: viaLink && kind === "invoice" && row.status === "sent" ? `${P}/${row.id}/pay${tokenQuery}` : undefined,
      });
      return htmlHeaders(reply, request.server.config.PORTAL_URL, request.server.config.PORTAL_FRAME_ORIGINS).send(html);
    });

    r.get(`${P}/:id/pdf`, { access: { public: true }, params: idParams, query: summaryQuery }, async ({ auth, params, query, request, reply }) => {
      const { row } = await readableDocument(request, kind, params.id, query.token, auth);
      const { db } = request.server.database;
      const doc = await loadDocument(db, row.tenantId, kind, row.id, apiBaseOf(request));
      const view = documentView(kind, doc, await sellerName(db, row.tenantId));
      const pdf = await summaryPdf(view);
      return sendStoredFile(reply, pdf, {
        contentType: "application/pdf",
        disposition: attachment(`${view.title.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`),
        cacheControl: "private, no-store",
      });
    });
  }

  // ---------------------------------------------------------------- quotes only
  r.post("/simple-quotes/:id/mark-as-approved", { access: { permissions: ["quote_manage"] }, params: idParams }, async ({ auth, params, request }) => {
    await markApproved(request.server.database, auth, params.id);
    return { data: await loadDocument(request.server.database.db, auth.tenantId, "quote", params.id, apiBaseOf(request)) };
  });

  /**
   * The client's approval, without an account: the link's token (JSON `{ token }`, or the summary page's form,
   * which is sent back to the summary). A wrong token is not found.
   */
  r.post("/simple-quotes/:id/approve", { access: { public: true }, params: idParams }, async ({ params, request, reply }) => {
    const body = parseOr422(approveBodySchema, request.body ?? {});
    const row = await approveByClient(request.server.database, params.id, body.token);
    if (request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      return reply.redirect(`/simple-quotes/${row.id}/summary?token=${encodeURIComponent(body.token)}&approved=1`, 303);
    }
    return { data: { id: row.id, number: row.number, status: row.status } };
  });

  /** Needs quote_manage (the route) and invoice_manage (checked here): it makes an invoice. */
  r.post("/simple-quotes/:id/convert-to-invoice", { access: { permissions: ["quote_manage"] }, params: idParams }, async ({ auth, params, request, reply }) => {
    if (!auth.permissions.has("invoice_manage")) throw forbidden();
    const invoiceId = await convertToInvoice(request.server.database, request.server.storage, auth, params.id);
    reply.code(201);
    return { data: await loadDocument(request.server.database.db, auth.tenantId, "invoice", invoiceId, apiBaseOf(request)) };
  });

  /**
   * Needs quote_manage (the route) and xero_invoices_manage (checked here): the quote becomes an accounting-synced
   * invoice, which the quote records; converting twice is refused. Answers the invoice (with `message` when it was
   * kept here but the accounting system did not take it).
   */
  r.post(
    "/simple-quotes/:id/convert-to-xero-invoice",
    { access: { permissions: ["quote_manage"] }, params: idParams },
    async ({ auth, params, request, reply }) => {
      if (!auth.permissions.has("xero_invoices_manage")) throw forbidden();
      const { id, message } = await convertSimpleQuote(request.server.database, accountingOf(request.server), auth, params.id);
      reply.code(201);
      return { data: await loadAccountingDocument(request.server.database.db, auth.tenantId, "invoice", id), ...(message ? { message } : {}) };
    },
  );

  /** A sent or approved quote the client will not take up (a draft is deleted instead; a converted one is not). */
  r.post("/simple-quotes/:id/cancel", { access: { permissions: ["quote_manage"] }, params: idParams }, async ({ auth, params, request }) => {
    await cancelQuote(request.server.database, auth, params.id);
    return { data: await loadDocument(request.server.database.db, auth.tenantId, "quote", params.id, apiBaseOf(request)) };
  });

  // ---------------------------------------------------------------- invoices only
  r.post(
    "/simple-invoices/:id/paid-status",
    { access: { permissions: ["invoice_manage"] }, params: idParams, body: paidStatusBodySchema },
    async ({ auth, params, body, request }) => {
      await setPaidStatus(request.server.database, auth, params.id, body);
      return { data: await loadDocument(request.server.database.db, auth.tenantId, "invoice", params.id, apiBaseOf(request)) };
    },
  );

  r.post("/simple-invoices/:id/cancel", { access: { permissions: ["invoice_manage"] }, params: idParams }, async ({ auth, params, request }) => {
    await cancelInvoice(request.server.database, auth, params.id);
    return { data: await loadDocument(request.server.database.db, auth.tenantId, "invoice", params.id, apiBaseOf(request)) };
  });
});

/** The routes, and (in their own scope) a parser for the client's approval form, a plain HTML form post. */
export default async function salesDocumentRoutes(app: FastifyInstance) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
    done(null, qs.parse(body as string, { depth: 1, parameterLimit: 20 }));
  });
  await salesRoutes(app);
}
