import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import {
  BDX_LIMITS,
  BDX_MESSAGES,
  bdxFieldDataSchema,
  bdxMapBodySchema,
  bdxMapListSchema,
  bdxMapRenameSchema,
  bdxMapResponseSchema,
  bdxPreviewSchema,
  bdxReportSchema,
  bdxRunBodySchema,
  bdxUploadListSchema,
  bdxUploadResponseSchema,
  mapperQuerySchema,
} from "#contract/bdx";
import { listQuerySchema } from "#contract/common";
import { HttpError, invalid } from "#api/http/errors";
import { attachment, sendStoredFile } from "#api/http/files";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import * as service from "./service";

/**
 * The bank-data mapper (business-domain §7: "a separate host: mapper, fields, validate, and POST /api/policy/import"),
 * served under its own prefix, /mapper, which the portal reaches through its own base URL (MAPPER_BASE_URL). Every
 * call names the caller's company by `company_uuid` ('Company uuid not found!' without it or with another's).
 */
export const MAPPER_PREFIX = "/mapper";

const VIEW = { permissions: ["policy_view", "policy_manage"] } as const;
const MANAGE = { permissions: ["policy_manage"] } as const;
const idParams = z.object({ id: pathId });
const fieldsQuery = mapperQuerySchema.extend({
  upload_id: z.coerce.number({ error: "Upload the file again." }).int().positive().max(2147483647),
});
const listQuery = listQuerySchema({ maxSize: 1000, defaultSize: 25 }).extend(mapperQuerySchema.shape);

export default routes((r) => {
  const p = MAPPER_PREFIX;

  r.get(
    `${p}/mapper`,
    { access: VIEW, query: mapperQuerySchema, response: bdxMapListSchema, summary: "The company's saved bordereau maps" },
    async ({ auth, query, request }) => {
      const { db } = request.server.database;
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      return { data: await service.listMaps(db, auth.tenantId) };
    },
  );

  r.post(
    `${p}/mapper`,
    { access: MANAGE, query: mapperQuerySchema, body: bdxMapBodySchema, response: bdxMapResponseSchema, status: 201, summary: "Saves a bordereau map" },
    async ({ auth, query, body, request, reply }) => {
      const { db } = request.server.database;
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      const saved = await service.saveMap(db, auth.tenantId, body).catch((e: unknown) => {
        if (e instanceof HttpError && e.errors?.map_name) throw invalid({ name: e.errors.map_name });
        throw e;
      });
      reply.code(201);
      return { data: saved };
    },
  );

  r.put(
    `${p}/mapper/:id`,
    {
      access: MANAGE,
      params: idParams,
      query: mapperQuerySchema,
      body: bdxMapRenameSchema,
      response: bdxMapResponseSchema,
      summary: "Renames a saved bordereau map",
    },
    async ({ auth, params, query, body, request }) => {
      const { db } = request.server.database;
      await service.ownMap(db, auth.tenantId, params.id);
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      return { data: await service.renameMap(db, auth.tenantId, params.id, body.name) };
    },
  );

  r.delete(
    `${p}/mapper/:id`,
    {
      access: MANAGE,
      params: idParams,
      query: mapperQuerySchema,
      summary: "Deletes a saved bordereau map (409 while an import started with it has not finished)",
    },
    async ({ auth, params, query, request, reply }) => {
      const { database } = request.server;
      await service.ownMap(database.db, auth.tenantId, params.id);
      await service.checkCompanyUuid(database.db, auth.tenantId, query.company_uuid);
      await service.deleteMap(database, auth.tenantId, params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    `${p}/upload`,
    {
      access: MANAGE,
      query: mapperQuerySchema,
      response: bdxUploadResponseSchema,
      status: 201,
      summary: "Uploads a bordereau (CSV or XLSX, multipart field `file`)",
    },
    async ({ auth, query, request, reply }) => {
      const { db } = request.server.database;
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      if (!request.isMultipart()) throw invalid({ file: [BDX_MESSAGES.fileRequired] });
      let file: { filename: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts({ limits: { fileSize: BDX_LIMITS.fileBytes, files: 1 } })) {
          if (part.type === "file" && part.fieldname === "file") file = { filename: part.filename, bytes: await part.toBuffer() };
          else if (part.type === "file") await part.toBuffer();
        }
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, BDX_MESSAGES.tooLarge, { file: [BDX_MESSAGES.tooLarge] });
        if (code === "FST_FILES_LIMIT") throw new HttpError(413, "Send one file at a time.");
        throw new HttpError(400, "The form data could not be read. Please send it again.");
      }
      if (!file || (file.bytes.length === 0 && !file.filename)) throw invalid({ file: [BDX_MESSAGES.fileRequired] });
      const created = await service.upload(db, auth.tenantId, auth.userId, file);
      reply.code(201);
      return { data: created };
    },
  );

  r.get(
    `${p}/uploads`,
    { access: VIEW, query: listQuery, response: bdxUploadListSchema, summary: "The company's bordereau uploads and imports" },
    async ({ auth, query, request }) => {
      const { db } = request.server.database;
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      const { rows, total } = await service.listImports(db, auth.tenantId, query.page);
      return paged(request, query, rows, total);
    },
  );

  r.get(
    `${p}/uploads/:id`,
    { access: VIEW, params: idParams, query: mapperQuerySchema, response: bdxUploadResponseSchema, summary: "An upload and its import's progress" },
    async ({ auth, params, query, request }) => {
      const { db } = request.server.database;
      const row = await service.getImport(db, auth.tenantId, params.id);
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      return { data: service.toUpload(row) };
    },
  );

  r.get(
    `${p}/fields`,
    { access: VIEW, query: fieldsQuery, response: bdxFieldDataSchema, summary: "The mapping step's field data" },
    async ({ auth, query, request }) => {
      const { db } = request.server.database;
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      return { data: await service.fieldData(db, auth.tenantId, query.upload_id) };
    },
  );

  r.post(
    `${p}/validate`,
    { access: MANAGE, query: mapperQuerySchema, body: bdxRunBodySchema, response: bdxPreviewSchema, summary: "Previews an import: rows with their errors" },
    async ({ auth, query, body, request }) => {
      const { db } = request.server.database;
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      return { data: await service.preview(db, auth.tenantId, body) };
    },
  );

  r.post(
    `${p}/api/policy/import`,
    {
      access: MANAGE,
      query: mapperQuerySchema,
      body: bdxRunBodySchema,
      response: bdxUploadResponseSchema,
      status: 202,
      summary: "Starts an import (a background job)",
    },
    async ({ auth, query, body, request, reply }) => {
      const { database } = request.server;
      await service.checkCompanyUuid(database.db, auth.tenantId, query.company_uuid);
      const started = await service.start(database, auth.tenantId, body);
      reply.code(202);
      return { data: started };
    },
  );

  r.get(
    `${p}/uploads/:id/report`,
    { access: VIEW, params: idParams, query: listQuery, response: bdxReportSchema, summary: "An import's rows: created, updated, refused with reasons" },
    async ({ auth, params, query, request }) => {
      const { db } = request.server.database;
      await service.getImport(db, auth.tenantId, params.id);
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      const { rows, total } = await service.reportRows(db, auth.tenantId, params.id, query.page);
      return paged(request, query, rows, total);
    },
  );

  r.get(
    `${p}/uploads/:id/report.csv`,
    { access: VIEW, params: idParams, query: mapperQuerySchema, responseType: "text/csv", summary: "An import's report as CSV" },
    async ({ auth, params, query, request, reply }) => {
      const { db } = request.server.database;
      const imp = await service.getImport(db, auth.tenantId, params.id);
      await service.checkCompanyUuid(db, auth.tenantId, query.company_uuid);
      const { rows } = await service.reportRows(db, auth.tenantId, params.id);
      // UTF-8 with a BOM for Excel; cells starting = + - @ escaped against formula injection.
      const csv = stringify(
        rows.map((r) => [r.line, r.outcome, r.policy_number ?? "", r.reasons.join(" ")]),
        { header: true, columns: ["Line", "Outcome", "Policy number", "Reasons"], escape_formulas: true },
      );
      const name = `${imp.fileName.replace(/\.[^.]+$/, "")}-report.csv`;
      return sendStoredFile(reply, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, "utf8")]), {
        contentType: "text/csv; charset=utf-8",
        disposition: attachment(name),
        cacheControl: "private, no-store",
      });
    },
  );
});
