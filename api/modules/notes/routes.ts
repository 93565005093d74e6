import { listQuerySchema } from "#contract/common";
import { NOTABLE_TYPES, noteBodySchema, type NotableType } from "#contract/clients";
import { invalid } from "#api/http/errors";
import { paged, textFilter } from "#api/http/paging";
import { routes } from "#api/http/route";
import { idFilter, idParams } from "#api/http/ids";
import { ANY_MANAGE, ANY_VIEW, assertCan } from "../clients/records";
import * as service from "./service";

export default routes((r) => {
  /** GET /note?filter[notable_type]=individual&filter[notable_id]=12: paged, newest first. */
  r.get("/note", { access: { permissions: ANY_VIEW }, query: listQuerySchema({ maxSize: 100 }) }, async ({ auth, query, request }) => {
    const type = textFilter(query, "notable_type");
    const id = idFilter(query, "notable_id");
    const errors: Record<string, string[]> = {};
    if (!type || !(NOTABLE_TYPES as readonly string[]).includes(type))
      errors["filter.notable_type"] = ["The notable type must be task, individual or company."];
    if (id === undefined) errors["filter.notable_id"] = ["Choose what the notes are about."];
    if (Object.keys(errors).length) throw invalid(errors);
    assertCan(auth.permissions, type as NotableType, "view");
    const { rows, total } = await service.listNotes(request.server.database.db, auth, type as NotableType, id!, query);
    return paged(request, query, rows, total);
  });

  r.post("/note", { access: { permissions: ANY_MANAGE }, body: noteBodySchema }, async ({ auth, body, request, reply }) => {
    assertCan(auth.permissions, body.notable_type, "manage");
    const note = await service.createNote(request.server.database.db, auth, body.notable_type, body.notable_id, body.body);
    reply.code(201);
    return { data: note };
  });

  r.delete("/note/:id", { access: { permissions: ANY_VIEW }, params: idParams }, async ({ auth, params, request }) => {
    await service.deleteNote(request.server.database.db, auth, params.id);
  });
});
