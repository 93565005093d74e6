import { z } from "zod";
import { checkBankDetails } from "#common/bank-details";
import { listQuerySchema } from "#contract/common";
import {
  bankAccountBodySchema,
  brokerDataBodySchema,
  communicationBodySchema,
  companyCreateBodySchema,
  companyEmailBodySchema,
  companyIndividualBodySchema,
  companyIndividualUpdateBodySchema,
  companyUpdateBodySchema,
  complianceBodySchema,
  idsBodySchema,
  lineBodySchema,
  MESSAGES,
} from "#contract/clients";
import { invalid, notFound } from "#api/http/errors";
import { readForm } from "#api/http/multipart";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { parseOr422 } from "#api/http/validation";
import { idParams, pathId } from "#api/http/ids";
import type { Permission } from "#contract/permissions";
import { removeLink, saveLink } from "../clients/links";
import { COMPANY_READ } from "../clients/records";
import * as email from "../email/service";
import * as lines from "./lines";
import * as service from "./service";

/** The route table's permissions of `companies` and `company/{id}` (COMPANY_READ). */
const VIEW = { permissions: COMPANY_READ };
const CREATE = { permissions: ["company_create", "company_manage"] } as const;
const MANAGE = { permissions: ["company_manage"] } as const;
const ANYONE = { permissions: [] } as const;
const COMPLIANCE_VIEW = { permissions: [...COMPANY_READ, "compliance_verification_manage"] as Permission[] };
const COMPLIANCE_MANAGE = { permissions: ["company_manage", "compliance_verification_manage"] } as const;

const id = pathId;
const lineParams = z.object({ id, lineId: id });
const linkParams = z.object({ id, individualId: id });
const listQuery = listQuerySchema({ maxSize: 999 });

export default routes((r) => {
  const list = async ({ auth, query, request }: { auth: { tenantId: number }; query: z.infer<typeof listQuery>; request: Parameters<typeof paged>[0] }) => {
    const { rows, total } = await service.listCompanies(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  };
  r.get("/company", { access: VIEW, query: listQuery }, list);
  r.get("/companies", { access: VIEW, query: listQuery }, list);

  r.post("/company", { access: CREATE, body: companyCreateBodySchema }, async ({ auth, body, request, reply }) => {
    const company = await service.createCompany(request.server.database.db, auth.tenantId, auth.userId, body);
    reply.code(201);
    return { data: company };
  });

  /** The caller's own company (the tenant), for any signed-in user. */
  r.get("/company/details", { access: ANYONE }, async ({ auth, request }) => ({
    data: await service.tenantProfile(request.server.database.db, auth.tenantId),
  }));

  /**
   * The tenant's subscription plan as stored. No subscription is stored anywhere yet (the passport
   * subscription is a later area), so every tenant truthfully has none.
   */
  r.get("/company/subscription", { access: ANYONE }, async () => ({ data: { plan: null, status: "none", started_at: null, ends_at: null } }));

  /** GET /company/validate-bank-account-details?account_name&account_number&sort_code → { valid, errors }. */
  r.get("/company/validate-bank-account-details", { access: { permissions: ["company_view", "company_create", "company_manage"] } }, async ({ request }) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const result = checkBankDetails({ account_name: q.account_name, account_number: q.account_number, sort_code: q.sort_code });
    return { valid: result.valid, errors: result.errors };
  });

  /** POST company/email: to `to`, else the company's address, else its primary contact's; recorded as a thread. */
  r.post("/company/email", { access: MANAGE, body: companyEmailBodySchema }, async ({ auth, body, request, reply }) => {
    const { database, mail } = request.server;
    const company = await service.findRow(database.db, auth.tenantId, body.company_id);
    const to = body.to ?? (await service.defaultEmail(database.db, auth.tenantId, company));
    if (!to) throw invalid({ to: [MESSAGES.companyNoEmail] });
    const thread = await email.sendEmail(database, mail, {
      tenantId: auth.tenantId,
      userId: auth.userId,
      to,
      subject: body.subject,
      body: body.body,
      relatedType: "company",
      relatedId: company.id,
    });
    reply.code(201);
    return { data: thread };
  });

  r.get("/company/:id", { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.getCompanyDetail(request.server.database.db, auth.tenantId, params.id),
  }));

  /** Update (the fields sent change). POST /company/ without an id: 422 'Company ID is required'. */
  r.post("/company/:id", { access: MANAGE, params: z.object({ id: z.string() }) }, async ({ auth, params, request }) => {
    if (params.id.trim() === "") throw invalid({ id: [MESSAGES.companyIdRequired] });
    const parsed = id.safeParse(params.id);
    if (!parsed.success) throw notFound("Company");
    const body = parseOr422(companyUpdateBodySchema, request.body ?? {});
    return { data: await service.updateCompany(request.server.database.db, auth.tenantId, parsed.data, body) };
  });

  r.get("/company/:id/email", { access: VIEW, params: idParams, query: listQuerySchema({ maxSize: 100 }) }, async ({ auth, params, query, request }) => {
    const { db } = request.server.database;
    await service.findRow(db, auth.tenantId, params.id);
    const { rows, total } = await email.listMessagesFor(db, auth.tenantId, "company", params.id, query);
    return paged(request, query, rows, total);
  });

  r.post("/company/:id/bank-account-details", { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
    const { db } = request.server.database;
    await service.findRow(db, auth.tenantId, params.id);
    const bank = parseOr422(bankAccountBodySchema, request.body ?? {});
    return { data: await service.setBankAccount(db, auth.tenantId, params.id, bank) };
  });

  r.post("/company/:id/broker-data", { access: MANAGE, params: idParams, body: brokerDataBodySchema }, async ({ auth, params, body, request }) => ({
    data: await service.setBrokerData(request.server.database.db, auth.tenantId, params.id, body),
  }));

  /** Links an individual (or changes the link): primary contact flag and job title. */
  r.post("/company/:id/individual", { access: MANAGE, params: idParams, body: companyIndividualBodySchema }, async ({ auth, params, body, request }) => ({
    data: await saveLink(
      request.server.database,
      auth.tenantId,
      params.id,
      body.individual_id,
      { isPrimary: body.is_primary, jobTitleId: body.job_title_id },
      "upsert",
    ),
  }));

  r.post(
    "/company/:id/communication-details",
    { access: MANAGE, params: idParams, body: communicationBodySchema },
    async ({ auth, params, body, request }) => ({
      data: await service.setCommunication(request.server.database.db, auth.tenantId, params.id, body),
    }),
  );

  /** Multipart: logo, icon (PNG, JPEG, GIF or WebP, 2 MB), company_branding_colour, remove_logo, remove_icon. */
  r.post("/company/:id/branding", { access: MANAGE, params: idParams }, async ({ auth, params, request }) => {
    const { database, storage } = request.server;
    await service.findRow(database.db, auth.tenantId, params.id);
    const form = await readForm(request, ["logo", "icon"]);
    return { data: await service.setBranding(database.db, storage, auth.tenantId, params.id, form) };
  });

  r.get("/company/:id/compliance-information", { access: COMPLIANCE_VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.getCompliance(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post(
    "/company/:id/compliance-information",
    { access: COMPLIANCE_MANAGE, params: idParams, body: complianceBodySchema },
    async ({ auth, params, body, request }) => ({
      data: await service.setCompliance(request.server.database.db, auth.tenantId, auth.userId, params.id, body),
    }),
  );

  /** Deletes only the caller's own companies: if any id is not one of them, 404 and nothing is deleted. */
  r.delete("/company-bulk-delete", { access: MANAGE, body: idsBodySchema }, async ({ auth, body, request }) => {
    await service.bulkDelete(request.server.database, request.server.storage, auth.tenantId, body.ids);
  });

  r.get("/companies/:id", { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.getCompanyDetail(request.server.database.db, auth.tenantId, params.id),
  }));

  r.get("/companies/:id/lines", { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await lines.listLines(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post("/companies/:id/lines", { access: MANAGE, params: idParams, body: lineBodySchema }, async ({ auth, params, body, request, reply }) => {
    const line = await lines.createLine(request.server.database, auth.tenantId, params.id, body);
    reply.code(201);
    return { data: line };
  });

  r.get("/companies/:id/lines-split", { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await lines.splitSummary(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post("/companies/:id/lines/:lineId", { access: MANAGE, params: lineParams, body: lineBodySchema }, async ({ auth, params, body, request }) => ({
    data: await lines.updateLine(request.server.database, auth.tenantId, params.id, params.lineId, body),
  }));

  r.delete("/companies/:id/lines/:lineId", { access: MANAGE, params: lineParams }, async ({ auth, params, request }) => {
    await lines.deleteLine(request.server.database.db, auth.tenantId, params.id, params.lineId);
  });

  r.post(
    "/companies/:id/individuals",
    { access: MANAGE, params: idParams, body: companyIndividualBodySchema },
    async ({ auth, params, body, request, reply }) => {
      const link = await saveLink(
        request.server.database,
        auth.tenantId,
        params.id,
        body.individual_id,
        { isPrimary: body.is_primary, jobTitleId: body.job_title_id },
        "create",
      );
      reply.code(201);
      return { data: link };
    },
  );

  r.put(
    "/companies/:id/individuals/:individualId",
    { access: MANAGE, params: linkParams, body: companyIndividualUpdateBodySchema },
    async ({ auth, params, body, request }) => ({
      data: await saveLink(
        request.server.database,
        auth.tenantId,
        params.id,
        params.individualId,
        { isPrimary: body.is_primary, jobTitleId: body.job_title_id },
        "update",
      ),
    }),
  );

  r.delete("/companies/:id/individuals/:individualId", { access: MANAGE, params: linkParams }, async ({ auth, params, request }) => {
    const { db } = request.server.database;
    await service.findRow(db, auth.tenantId, params.id);
    await removeLink(db, auth.tenantId, params.id, params.individualId);
  });
});
