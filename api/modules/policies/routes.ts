import { PassThrough } from "node:stream";
import yazl from "yazl";
import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { dashboardQuerySchema } from "#contract/dashboard";
import {
  POLICY_CANCELLATION_REASONS,
  policyActivityListSchema,
  policyBodySchema,
  policyBulkRenewalSchema,
  policyCancellationReasonListSchema,
  policyEmailSentSchema,
  policyIndividualStatsSchema,
  policyInvoiceListSchema,
  policyListSchema,
  policyOverviewSchema,
  policyResponseSchema,
  policyStateBodySchema,
} from "#contract/policies";
import { attachment } from "#api/http/files";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { enqueue } from "#api/jobs/enqueue";
import { documentView, summaryPdf } from "#api/modules/sales-documents/render";
import { sellerName } from "#api/modules/sales-documents/send";
import { loadDocument } from "#api/modules/sales-documents/service";
import { sendPolicyEmail } from "./email";
import { policyRenewalEmails } from "./jobs";
import * as service from "./service";

const VIEW = { permissions: ["policy_view", "policy_manage"] } as const;
const MANAGE = { permissions: ["policy_manage"] } as const;
const idParams = z.object({ id: pathId });
const invoiceParams = z.object({ id: pathId, invoiceId: pathId });
const INTERVAL_DAYS = { week: 7, month: 30, quarter: 91, year: 365 } as const;

export default routes((r) => {
  r.get("/policies", { access: VIEW, query: listQuerySchema({ maxSize: 100 }), response: policyListSchema }, async ({ auth, query, request }) => {
    const { rows, total } = await service.listPolicies(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.post("/policies", { access: MANAGE, body: policyBodySchema, response: policyResponseSchema, status: 201 }, async ({ auth, body, request, reply }) => {
    const created = await service.createPolicy(request.server.database, auth, body);
    reply.code(201);
    return { data: created };
  });

  r.get("/policies/:id", { access: VIEW, params: idParams, response: policyResponseSchema }, async ({ auth, params, request }) => ({
    data: await service.getPolicy(request.server.database.db, auth.tenantId, params.id),
  }));

  r.put(
    "/policies/:id",
    { access: MANAGE, params: idParams, body: policyBodySchema, response: policyResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.updatePolicy(request.server.database, auth, params.id, body),
    }),
  );

  r.delete("/policies/:id", { access: MANAGE, params: idParams }, async ({ auth, params, request, reply }) => {
    await service.deletePolicy(request.server.database, auth, params.id);
    reply.code(204);
  });

  /** A change of state, by the transition table only (422 with the reason otherwise); CANCELLED needs its reason. */
  r.put(
    "/policies/:id/state",
    { access: MANAGE, params: idParams, body: policyStateBodySchema, response: policyResponseSchema },
    async ({ auth, params, body, request }) => ({
      data: await service.changeState(request.server.database, auth, params.id, body),
    }),
  );

  r.get("/policies/:id/activity", { access: VIEW, params: idParams, response: policyActivityListSchema }, async ({ auth, params, request }) => ({
    data: await service.listActivity(request.server.database.db, auth.tenantId, params.id),
  }));

  r.get("/policies/:id/invoices", { access: VIEW, params: idParams, response: policyInvoiceListSchema }, async ({ auth, params, request }) => ({
    data: await service.listInvoices(request.server.database.db, auth.tenantId, params.id),
  }));

  /** The tenant's invoices linked to no policy yet: what the detail page offers to link. */
  r.get("/policies/:id/linkable-invoices", { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
    await service.findRow(request.server.database.db, auth.tenantId, params.id);
    return { data: await service.linkableInvoices(request.server.database.db, auth.tenantId) };
  });

  /** Links an invoice of the tenant (another company's invoice or policy: 404). */
  r.put(
    "/policies/:id/invoices/:invoiceId",
    { access: MANAGE, params: invoiceParams, response: policyInvoiceListSchema },
    async ({ auth, params, request }) => ({
      data: await service.linkInvoice(request.server.database, auth, params.id, params.invoiceId),
    }),
  );

  r.delete("/policies/:id/invoices/:invoiceId", { access: MANAGE, params: invoiceParams, audit: false }, async ({ auth, params, request, reply }) => {
    await service.unlinkInvoice(request.server.database, auth, params.id, params.invoiceId);
    reply.code(204);
  });

  for (const kind of ["welcome", "renewal"] as const) {
    /** Sends the e-mail once per policy term: asked again, it answers `sent: false` and sends nothing. */
    r.post(`/policies/:id/${kind}-email`, { access: MANAGE, params: idParams, response: policyEmailSentSchema }, async ({ auth, params, request }) =>
      sendPolicyEmail(request.server.database, request.server.mail, auth, params.id, kind),
    );
  }

  /** The renewal e-mails of many policies (ids, or the renewals due within days), as a job: answers its id (202). */
  r.post("/policies/renewal-emails", { access: MANAGE, body: policyBulkRenewalSchema, status: 202 }, async ({ auth, body, request, reply }) => {
    const jobId = await enqueue(
      request.server.database.db,
      policyRenewalEmails,
      { userId: auth.userId, ...(body.ids ? { ids: body.ids } : {}), ...(body.days ? { days: body.days as 30 | 60 | 90 } : {}) },
      { tenantId: auth.tenantId },
    );
    reply.code(202);
    return { data: { job_id: jobId } };
  });

  r.get("/policy-cancellation-reason", { access: VIEW, response: policyCancellationReasonListSchema }, () => ({
    data: POLICY_CANCELLATION_REASONS.map((reason) => ({ id: reason.id, name: reason.name })),
  }));

  r.get("/policies/stats/individual/:id", { access: VIEW, params: idParams, response: policyIndividualStatsSchema }, async ({ auth, params, request }) => ({
    data: await service.individualStats(request.server.database.db, auth.tenantId, params.id),
  }));

  r.get(
    "/dashboard-stats/policy-overview",
    { access: VIEW, query: dashboardQuerySchema, response: policyOverviewSchema },
    async ({ auth, query, request }) => ({
      data: await service.insuranceOverview(request.server.database.db, auth.tenantId, INTERVAL_DAYS[query.interval]),
    }),
  );

  /**
   * The PDFs of a policy's linked invoices in one ZIP, streamed (yazl): each PDF is made and added in turn while the
   * archive is already going out. A policy without invoices gives an empty archive.
   */
  r.get(
    "/export-zip/invoice/:id",
    { access: VIEW, params: idParams, responseType: "application/zip", summary: "The PDFs of a policy's invoices in one ZIP" },
    async ({ auth, params, request, reply }) => {
      const { db } = request.server.database;
      const policy = await service.getPolicy(db, auth.tenantId, params.id);
      const invoices = await service.listInvoices(db, auth.tenantId, params.id);
      const seller = await sellerName(db, auth.tenantId);
      const zip = new yazl.ZipFile();
      const out = new PassThrough();
      zip.outputStream.pipe(out);
      void (async () => {
        try {
          const used = new Set<string>();
          for (const invoice of invoices) {
            const doc = await loadDocument(db, auth.tenantId, "invoice", invoice.id);
            const view = documentView("invoice", doc, seller);
            let name = `${(invoice.number ?? `draft-invoice-${invoice.id}`).replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
            if (used.has(name)) name = `${invoice.id}-${name}`;
            used.add(name);
            zip.addBuffer(await summaryPdf(view), name);
          }
          zip.end();
        } catch (error) {
          request.log.error({ err: error }, "policy invoices zip failed");
          out.destroy(error as Error);
        }
      })();
      return reply
        .header("Content-Type", "application/zip")
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, no-store")
        .header("Content-Disposition", attachment(`policy-${policy.number.replace(/[^A-Za-z0-9-]+/g, "-")}-invoices.zip`))
        .send(out);
    },
  );
});
