import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, count, desc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { hasAnyPermission } from "#contract/permissions";
import { listQuerySchema } from "#contract/common";
import {
  accountingDocumentBodySchema,
  accountingListSchema,
  accountingPaidStatusBodySchema,
  accountingResponseSchema,
  accountsResponseSchema,
  cancelManyBodySchema,
  cancelManyResponseSchema,
  divisionsResponseSchema,
  outageBodySchema,
  sandboxLedgerSchema,
  termsBodySchema,
} from "#contract/accounting-documents";
import { accountingSandboxCalls, accountingSandboxRecords, accountingSandboxSettings, type AccountingDocumentKind } from "#api/db/schema";
import { forbidden, invalid, notFound } from "#api/http/errors";
import { idParams, pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { AccountingError, SANDBOX_CALLS_PER_MINUTE } from "#api/integrations/accounting";
import { tokenMatches } from "#api/lib/tokens";
import { portalFrameOrigins } from "../sales-documents/routes";
import { sellerName } from "../sales-documents/send";
import { accountingOf } from "./provider";
import { summaryHtml } from "./render";
import { listDocuments } from "./list";
import { findAnyRow, KINDS, loadDocument, providerFailure } from "./service";
import { cancelMany, markSent, setPaidStatus } from "./status";
import { retrySync } from "./sync";
import { addItem, createDocument, deleteItems, getItem, setTerms, updateDocument, updateItem } from "./write";

const VIEW = { permissions: ["xero_invoices_view", "xero_invoices_manage"] as const };
const MANAGE = { permissions: ["xero_invoices_manage"] as const };
const itemParams = z.object({ id: pathId, itemId: pathId });
const itemIdsQuery = z.object({
  item_ids: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(",") : v === undefined || v === "" ? "" : v),
    z
      .string({ error: "Choose at least one item." })
      .regex(/^(\d{1,10}(,\d{1,10})*)?$/, "Choose at least one item: ids separated by commas.")
      .transform((s) => (s ? s.split(",").map(Number) : [])),
  ),
});
const summaryQuery = z.object({ token: z.string().max(200).optional() });

/** A provider's refusal as the API's answer; a rate limit says when to come back (Retry-After). */
async function guarded<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e instanceof AccountingError ? providerFailure(e) : e;
    const retry = (err as { extra?: { retry_after?: number } }).extra?.retry_after;
    if (retry) reply.header("Retry-After", String(retry));
    throw err;
  }
}

function htmlHeaders(reply: FastifyReply, portalUrl: string, extra: readonly string[]) {
  return reply
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Cache-Control", "private, no-store")
    .header("X-Content-Type-Options", "nosniff")
    .header("Referrer-Policy", "no-referrer")
    .header(
      "Content-Security-Policy",
      `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self' ${portalFrameOrigins(portalUrl, extra).join(" ")}`,
    );
}

const accountingRoutes = routes((r) => {
  for (const kind of ["quote", "invoice"] as const satisfies readonly AccountingDocumentKind[]) {
    const k = KINDS[kind];
    const P = k.path;
    const detail = async (request: FastifyRequest, tenantId: number, id: number, message?: string) => ({
      data: await loadDocument(request.server.database.db, tenantId, kind, id),
      ...(message ? { message } : {}),
    });

    r.get(P, { access: VIEW, query: listQuerySchema({ maxSize: 100 }), response: accountingListSchema }, async ({ auth, query, request }) => {
      const { rows, total } = await listDocuments(request.server.database.db, auth.tenantId, kind, query);
      return paged(request, query, rows, total);
    });

    r.post(
      P,
      { access: MANAGE, body: accountingDocumentBodySchema, status: 201, response: accountingResponseSchema },
      async ({ auth, body, request, reply }) => {
        const { id, message } = await createDocument(request.server.database, accountingOf(request.server), auth, kind, body);
        reply.code(201);
        return detail(request, auth.tenantId, id, message);
      },
    );

    /** Cancels each document of `ids` (voided or deleted in the accounting system first). */
    r.put(P, { access: MANAGE, body: cancelManyBodySchema, response: cancelManyResponseSchema }, async ({ auth, body, request }) => ({
      data: await cancelMany(request.server.database, accountingOf(request.server), auth, kind, body.ids),
    }));

    r.get(`${P}/:id`, { access: VIEW, params: idParams, response: accountingResponseSchema }, async ({ auth, params, request }) =>
      detail(request, auth.tenantId, params.id),
    );

    r.put(
      `${P}/:id`,
      { access: MANAGE, params: idParams, body: accountingDocumentBodySchema, response: accountingResponseSchema },
      async ({ auth, params, body, request }) => {
        const message = await updateDocument(request.server.database, accountingOf(request.server), auth, kind, params.id, body);
        return detail(request, auth.tenantId, params.id, message);
      },
    );

    r.put(
      `${P}/:id/terms-and-conditions`,
      { access: MANAGE, params: idParams, body: termsBodySchema, response: accountingResponseSchema },
      async ({ auth, params, body, request }) => {
        const message = await setTerms(request.server.database, accountingOf(request.server), auth, kind, params.id, body.terms_and_conditions);
        return detail(request, auth.tenantId, params.id, message);
      },
    );

    r.post(
      `${P}/:id/items`,
      { access: MANAGE, params: idParams, status: 201, response: accountingResponseSchema },
      async ({ auth, params, request, reply }) => {
        const message = await addItem(request.server.database, accountingOf(request.server), auth, kind, params.id, request.body);
        reply.code(201);
        return detail(request, auth.tenantId, params.id, message);
      },
    );
    r.get(`${P}/:id/items/:itemId`, { access: VIEW, params: itemParams }, async ({ auth, params, request }) => ({
      data: await getItem(request.server.database.db, auth.tenantId, kind, params.id, params.itemId),
    }));
    r.put(`${P}/:id/items/:itemId`, { access: MANAGE, params: itemParams, response: accountingResponseSchema }, async ({ auth, params, request }) => {
      const message = await updateItem(request.server.database, accountingOf(request.server), auth, kind, params.id, params.itemId, request.body);
      return detail(request, auth.tenantId, params.id, message);
    });
    /** DELETE …/items?item_ids=3,4 */
    r.delete(
      `${P}/:id/items`,
      { access: MANAGE, params: idParams, query: itemIdsQuery, response: accountingResponseSchema },
      async ({ auth, params, query, request }) => {
        const message = await deleteItems(request.server.database, accountingOf(request.server), auth, kind, params.id, query.item_ids);
        return detail(request, auth.tenantId, params.id, message);
      },
    );

    r.post(`${P}/:id/send`, { access: MANAGE, params: idParams, response: accountingResponseSchema }, async ({ auth, params, request, reply }) => {
      const { database, mail } = request.server;
      await guarded(reply, async () =>
        markSent(database, accountingOf(request.server), auth, kind, params.id, {
          provider: mail,
          seller: await sellerName(database.db, auth.tenantId),
        }),
      );
      return detail(request, auth.tenantId, params.id);
    });
    r.post(`${P}/:id/mark-as-sent`, { access: MANAGE, params: idParams, response: accountingResponseSchema }, async ({ auth, params, request, reply }) => {
      await guarded(reply, () => markSent(request.server.database, accountingOf(request.server), auth, kind, params.id));
      return detail(request, auth.tenantId, params.id);
    });
    /** Pushes a "not synced" document to the accounting system again. */
    r.post(`${P}/:id/retry-sync`, { access: MANAGE, params: idParams, response: accountingResponseSchema }, async ({ auth, params, request, reply }) => {
      await guarded(reply, () => retrySync(request.server.database, accountingOf(request.server), auth, kind, params.id));
      return detail(request, auth.tenantId, params.id);
    });

    /**
     * The summary, HTML fit to print, on the API host: for the company's users (bearer, xero_invoices_view) and
     * through the document's link (`?token=`, the portal's frame). Without either the document is not found.
     */
    r.get(
      `${P}/:id/summary`,
      { access: { public: true }, params: idParams, query: summaryQuery, responseType: "text/html" },
      async ({ auth, params, query, request, reply }) => {
        const { db } = request.server.database;
        let tenantId: number;
        if (query.token !== undefined) {
          const row = await findAnyRow(db, kind, params.id);
          if (!row || !tokenMatches(row, query.token)) throw notFound(k.Noun);
          tenantId = row.tenantId;
        } else {
          if (!auth) throw notFound(k.Noun);
          if (!hasAnyPermission(auth.permissions, ["xero_invoices_view", "xero_invoices_manage"])) throw forbidden();
          tenantId = auth.tenantId;
        }
        const doc = await loadDocument(db, tenantId, kind, params.id);
        return htmlHeaders(reply, request.server.config.PORTAL_URL, request.server.config.PORTAL_FRAME_ORIGINS).send(
          summaryHtml(doc, await sellerName(db, tenantId)),
        );
      },
    );
  }

  /** Paid (a payment of the whole amount into a bank account, 090 by default) or unpaid again (the payment taken back). */
  r.post(
    "/xero-invoices/:id/paid-status",
    { access: MANAGE, params: idParams, body: accountingPaidStatusBodySchema, response: accountingResponseSchema },
    async ({ auth, params, body, request, reply }) => {
      await guarded(reply, () => setPaidStatus(request.server.database, accountingOf(request.server), auth, params.id, body));
      return { data: await loadDocument(request.server.database.db, auth.tenantId, "invoice", params.id) };
    },
  );

  /** The chart of accounts of the accounting system (a call to it: counts against its rate limit). */
  r.get("/xero/accounts", { access: VIEW, response: accountsResponseSchema }, async ({ auth, request, reply }) => {
    const provider = accountingOf(request.server);
    const data = await guarded(reply, () => provider.accounts(auth.tenantId));
    return { data, meta: { provider: provider.kind, provider_label: provider.label } };
  });

  /** Its divisions (tracking categories and their options) and the repeats an invoice may have. */
  r.get("/xero/divisions-recurrences", { access: VIEW, response: divisionsResponseSchema }, async ({ auth, request, reply }) => {
    const provider = accountingOf(request.server);
    const data = await guarded(reply, () => provider.divisionsAndRecurrences(auth.tenantId));
    return { data, meta: { provider: provider.kind, provider_label: provider.label } };
  });

  /** What the sandbox ledger holds for the company (read here, not a call to the "system"): the portal watches it. */
  r.get("/xero/sandbox-ledger", { access: VIEW, response: sandboxLedgerSchema }, async ({ auth, request }) => {
    const provider = accountingOf(request.server);
    const { db } = request.server.database;
    const [settings] = await db.select().from(accountingSandboxSettings).where(eq(accountingSandboxSettings.tenantId, auth.tenantId));
    const [{ n }] = await db
      .select({ n: count() })
      .from(accountingSandboxCalls)
      .where(and(eq(accountingSandboxCalls.tenantId, auth.tenantId), gte(accountingSandboxCalls.calledAt, new Date(Date.now() - 60_000))));
    const records =
      provider.kind === "sandbox"
        ? await db
            .select()
            .from(accountingSandboxRecords)
            .where(eq(accountingSandboxRecords.tenantId, auth.tenantId))
            .orderBy(desc(accountingSandboxRecords.updatedAt), desc(accountingSandboxRecords.id))
            .limit(200)
        : [];
    return {
      data: {
        provider: provider.kind,
        label: provider.label,
        outage: settings?.outage ?? false,
        calls_last_minute: n,
        calls_per_minute: SANDBOX_CALLS_PER_MINUTE,
        records: records.map((x) => ({
          provider_id: x.providerId,
          type: x.type,
          number: x.number,
          status: x.status,
          contact_name: x.contactName,
          reference: x.reference,
          date: x.date,
          total_pence: x.totalPence,
          amount_paid_pence: x.amountPaidPence,
          lines_count: x.lines.length,
          updated_at: x.updatedAt.toISOString(),
        })),
      },
    };
  });

  /** The sandbox plays "not answering" (on) or answers again (off): to see a failed sync and its retry. */
  r.put("/xero/sandbox-ledger/outage", { access: MANAGE, body: outageBodySchema }, async ({ auth, body, request }) => {
    if (accountingOf(request.server).kind !== "sandbox") throw invalid({ outage: ["Only the sandbox ledger can play an outage."] });
    await request.server.database.db
      .insert(accountingSandboxSettings)
      .values({ tenantId: auth.tenantId, outage: body.outage })
      .onConflictDoUpdate({ target: accountingSandboxSettings.tenantId, set: { outage: body.outage, updatedAt: new Date() } });
    return { data: { outage: body.outage } };
  });
});

export default async function accountingDocumentRoutes(app: FastifyInstance) {
  await accountingRoutes(app);
}
