import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { EXPORT_MESSAGES, exportBodySchema, exportListSchema, exportResponseSchema } from "#contract/exports";
import { HttpError, notFound } from "#api/http/errors";
import { attachment } from "#api/http/files";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import { enqueue } from "#api/jobs/enqueue";
import { writeExportJob } from "./jobs";
import { recordPdf } from "./pdf";
import { exportTypes } from "./registry";
import { assertMayExport, createExport, findOwn, listOwn, typeOf } from "./service";

/** Any signed-in user: the caller's own exports (another's answer 404). */
const SIGNED_IN = { permissions: [] } as const;
const idParams = z.object({ id: pathId });
const listQuery = listQuerySchema({ maxSize: 100, defaultSize: 25 });

export default routes((r) => {
  // One set of routes per export type, guarded by its list's own permissions (403 without them, as the list is).
  for (const type of exportTypes()) {
    const access = { permissions: type.permissions };
    r.post(
      `/export/${type.type}`,
      {
        access,
        body: exportBodySchema,
        response: exportResponseSchema,
        status: 201,
        summary: `Export the ${type.label.toLowerCase()} list as CSV (its filter and sort)`,
      },
      async ({ auth, body, request, reply }) => {
        const { database, storage } = request.server;
        const data = await createExport({ database, storage }, auth, type.type, body, (tx, exportId) =>
          enqueue(tx, writeExportJob, { exportId }, { tenantId: auth.tenantId }),
        );
        // Written already (a small list): 201; waiting for the worker: 202.
        reply.code(data.state === "done" ? 201 : 202);
        return { data };
      },
    );

    r.get(
      `/export/${type.type}`,
      { access, query: listQuery, response: exportListSchema, summary: `The caller's exports of the ${type.label.toLowerCase()} list, newest first` },
      async ({ auth, query, request }) => {
        const { rows, total } = await listOwn(request.server.database.db, auth, type.type, query.page);
        return paged(request, query, rows, total);
      },
    );

    r.get(
      `/export-pdf/${type.type}/:id`,
      { access, params: idParams, responseType: "application/pdf", summary: `One ${type.noun.toLowerCase()} as a PDF` },
      async ({ auth, params, request, reply }) => {
        const { db } = request.server.database;
        const [row] = await type.load(db, auth, [params.id]);
        if (!row) throw notFound(type.noun);
        const pdf = type.pdf
          ? await type.pdf(db, auth, row)
          : await recordPdf(
              type.title(row),
              type.columns.map((c) => [c.header, c.value(row)]),
            );
        return reply
          .header("Content-Type", "application/pdf")
          .header("Content-Length", pdf.length)
          .header("Content-Disposition", attachment(`${type.type}-${params.id}.pdf`))
          .header("X-Content-Type-Options", "nosniff")
          .header("Content-Security-Policy", "default-src 'none'; sandbox")
          .header("Cache-Control", "private, no-store")
          .send(pdf);
      },
    );
  }

  r.get(
    "/export",
    { access: SIGNED_IN, query: listQuery, response: exportListSchema, summary: "The caller's exports, newest first" },
    async ({ auth, query, request }) => {
      const { rows, total } = await listOwn(request.server.database.db, auth, undefined, query.page);
      return paged(request, query, rows, total);
    },
  );

  r.get(
    "/export/download/:id",
    { access: SIGNED_IN, params: idParams, responseType: "text/csv", summary: "An export's file (its owner only)" },
    async ({ auth, params, request, reply }) => {
      const row = await findOwn(request.server.database.db, auth, params.id);
      assertMayExport(auth.permissions, typeOf(row.type));
      if (row.state !== "done" || !row.storageKey) throw new HttpError(409, EXPORT_MESSAGES.notReady);
      const file = await request.server.storage.openStream(row.storageKey);
      if (!file) throw notFound("Export file");
      return reply
        .header("Content-Type", "text/csv; charset=utf-8")
        .header("Content-Length", file.size)
        .header("Content-Disposition", attachment(row.fileName))
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("Cache-Control", "private, no-store")
        .send(file.stream);
    },
  );
});
