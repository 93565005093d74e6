// The files of a new area (scripts/new-area.mjs), written from `n`, the area's names (namesOf). Each is the shape of
// docs/adding-an-area.md; the generator formats them with Prettier and ESLint --fix afterwards.

const schema = (n) => `import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./identity";

/** ${n.labelPlural} of a tenant. */
export const ${n.camelPlural} = pgTable(
  "${n.table}",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's sorts (name, case-insensitive; created) within a tenant, the id breaking ties.
    index("${n.table}_tenant_name_idx").on(t.tenantId, sql\`lower(\${t.name})\`, t.id),
    index("${n.table}_tenant_created_idx").on(t.tenantId, t.createdAt, t.id),
  ],
);
`;

const contract = (n) => `import { z } from "zod";
import { pagedSchema } from "./common";

/** The messages of the ${n.lower} form, word for word on both sides. */
export const ${n.CONST}_MESSAGES = {
  nameRequired: "Enter a name.",
  nameTooLong: "The name may not be longer than 255 characters.",
  notesTooLong: "The notes may not be longer than 2000 characters.",
  idsRequired: "Choose at least one ${n.lower}.",
} as const;

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/** A ${n.lower} as created or updated (an update replaces every field). */
export const ${camel(n)}BodySchema = z.object({
  name: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: ${n.CONST}_MESSAGES.nameRequired }).trim().min(1, ${n.CONST}_MESSAGES.nameRequired).max(255, ${n.CONST}_MESSAGES.nameTooLong),
  ),
  notes: z.preprocess(blankToNull, z.string({ error: "The notes must be text." }).trim().max(2000, ${n.CONST}_MESSAGES.notesTooLong).nullable()),
});
export type ${n.Pascal}Body = z.output<typeof ${camel(n)}BodySchema>;

export const ${camel(n)}Schema = z.object({
  id: z.number().int(),
  name: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ${n.Pascal} = z.infer<typeof ${camel(n)}Schema>;

export const ${camel(n)}ListSchema = pagedSchema(${camel(n)}Schema);
export const ${camel(n)}ResponseSchema = z.object({ data: ${camel(n)}Schema });

/** DELETE /${n.plural}: the ids of the ${n.lowerPlural} to delete, at most 100. */
export const ${camel(n)}IdsSchema = z.object({
  ids: z.array(z.coerce.number().int().positive().max(2147483647), { error: ${n.CONST}_MESSAGES.idsRequired }).min(1, ${n.CONST}_MESSAGES.idsRequired).max(100),
});
export const ${camel(n)}DeletedSchema = z.object({ deleted: z.number().int() });

/** Sort fields of GET /${n.plural} ('-' prefix for descending); default name ascending. */
export const ${n.CONST}_SORTS = ["name", "created_at"] as const;
`;

/** camelCase of the singular (the contract's schema names). */
function camel(n) {
  return n.Pascal[0].toLowerCase() + n.Pascal.slice(1);
}

const apiRoutes = (n) => `import { z } from "zod";
import { listQuerySchema } from "#contract/common";
import { ${camel(n)}BodySchema, ${camel(n)}IdsSchema } from "#contract/${n.plural}";
import { pathId } from "#api/http/ids";
import { paged } from "#api/http/paging";
import { routes } from "#api/http/route";
import * as service from "./service";

const VIEW = { permissions: ["${n.view}", "${n.manage}"] } as const;
const MANAGE = { permissions: ["${n.manage}"] } as const;
const idParams = z.object({ id: pathId });

export default routes((r) => {
  r.get("/${n.plural}", { access: VIEW, query: listQuerySchema() }, async ({ auth, query, request }) => {
    const { rows, total } = await service.list${n.PascalPlural}(request.server.database.db, auth.tenantId, query);
    return paged(request, query, rows, total);
  });

  r.get("/${n.plural}/:id", { access: VIEW, params: idParams }, async ({ auth, params, request }) => ({
    data: await service.get${n.Pascal}(request.server.database.db, auth.tenantId, params.id),
  }));

  r.post("/${n.plural}", { access: MANAGE, body: ${camel(n)}BodySchema }, async ({ auth, body, request, reply }) => {
    const created = await service.create${n.Pascal}(request.server.database.db, auth.tenantId, body);
    reply.code(201);
    return { data: created };
  });

  r.put("/${n.plural}/:id", { access: MANAGE, params: idParams, body: ${camel(n)}BodySchema }, async ({ auth, params, body, request }) => ({
    data: await service.update${n.Pascal}(request.server.database.db, auth.tenantId, params.id, body),
  }));

  /** Deletes the listed ${n.lowerPlural} of the tenant; 404 when none of them is one. */
  r.delete("/${n.plural}", { access: MANAGE, body: ${camel(n)}IdsSchema }, async ({ auth, body, request }) => ({
    deleted: await service.delete${n.PascalPlural}(request.server.database.db, auth.tenantId, body.ids),
  }));
});
`;

const apiService = (n) => `import { and, eq, inArray, sql } from "drizzle-orm";
import type { ListQuery } from "#contract/common";
import { ${n.CONST}_SORTS, type ${n.Pascal}, type ${n.Pascal}Body } from "#contract/${n.plural}";
import type { Db } from "#api/db/client";
import { ${n.camelPlural} } from "#api/db/schema";
import { notFound } from "#api/http/errors";
import { countedListStatements, countedPage, ListShape, listOrder, sortOf, textFilter } from "#api/http/paging";

type Row = typeof ${n.camelPlural}.$inferSelect;

export function to${n.Pascal}(row: Row): ${n.Pascal} {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list's statements, prepared per shape. */
const listStatements = countedListStatements(${n.camelPlural}, (db) => db.select().from(${n.camelPlural}).$dynamic());

export async function list${n.PascalPlural}(db: Db, tenantId: number, query: ListQuery) {
  const shape = new ListShape();
  const where = and(
    eq(${n.camelPlural}.tenantId, shape.value("tenant", tenantId)),
    shape.contains("search", [${n.camelPlural}.name, ${n.camelPlural}.notes], textFilter(query, "search")),
  )!;
  const sort = sortOf(query, ${n.CONST}_SORTS) ?? { field: "name" as const, desc: false };
  const column = { name: sql\`lower(\${${n.camelPlural}.name})\`, created_at: ${n.camelPlural}.createdAt }[sort.field];
  const order = shape.sorted(sort, listOrder(column, ${n.camelPlural}.id, sort.desc, false).order);
  const { rows, total } = await countedPage(db, shape, listStatements, { where, order }, query);
  return { rows: rows.map(to${n.Pascal}), total };
}

export async function get${n.Pascal}(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(${n.camelPlural})
    .where(and(eq(${n.camelPlural}.tenantId, tenantId), eq(${n.camelPlural}.id, id)))
    .limit(1);
  if (!row) throw notFound("${n.label}");
  return to${n.Pascal}(row);
}

export async function create${n.Pascal}(db: Db, tenantId: number, body: ${n.Pascal}Body) {
  const [row] = await db.insert(${n.camelPlural}).values({ tenantId, name: body.name, notes: body.notes }).returning();
  return to${n.Pascal}(row);
}

export async function update${n.Pascal}(db: Db, tenantId: number, id: number, body: ${n.Pascal}Body) {
  const [row] = await db
    .update(${n.camelPlural})
    .set({ name: body.name, notes: body.notes, updatedAt: new Date() })
    .where(and(eq(${n.camelPlural}.tenantId, tenantId), eq(${n.camelPlural}.id, id)))
    .returning();
  if (!row) throw notFound("${n.label}");
  return to${n.Pascal}(row);
}

/** Deletes those of \`ids\` that are the tenant's; the number deleted (404 when none was). */
export async function delete${n.PascalPlural}(db: Db, tenantId: number, ids: number[]) {
  const gone = await db
    .delete(${n.camelPlural})
    .where(and(eq(${n.camelPlural}.tenantId, tenantId), inArray(${n.camelPlural}.id, ids)))
    .returning({ id: ${n.camelPlural}.id });
  if (gone.length === 0) throw notFound("${n.label}");
  return gone.length;
}
`;

const portalService = (
  n,
) => `import { ${camel(n)}DeletedSchema, ${camel(n)}ListSchema, ${camel(n)}ResponseSchema, type ${n.Pascal}Body } from "#contract/${n.plural}";
import { toApiQuery, type ListState } from "../lib/list-url";
import type { Api } from "./api.server";

export const list${n.PascalPlural} = (api: Api, state: ListState) => api.get("/${n.plural}", { query: toApiQuery(state), schema: ${camel(n)}ListSchema });
export const get${n.Pascal} = async (api: Api, id: string) => (await api.get(\`/${n.plural}/\${encodeURIComponent(id)}\`, { schema: ${camel(n)}ResponseSchema })).data;
export const create${n.Pascal} = (api: Api, body: ${n.Pascal}Body) => api.post("/${n.plural}", { body, schema: ${camel(n)}ResponseSchema });
export const update${n.Pascal} = (api: Api, id: string, body: ${n.Pascal}Body) =>
  api.put(\`/${n.plural}/\${encodeURIComponent(id)}\`, { body, schema: ${camel(n)}ResponseSchema });
/** One call for one or many: the number deleted. */
export const delete${n.PascalPlural} = async (api: Api, ids: string[]) =>
  (await api.delete("/${n.plural}", { body: { ids: ids.map(Number) }, schema: ${camel(n)}DeletedSchema })).deleted;
`;

const formComponent = (n) => `import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Link, useNavigation } from "@remix-run/react";
import type { ${n.Pascal} } from "#contract/${n.plural}";
import { Field, FormAlert } from "../form/field";
import { Form } from "../form/form";
import { useFormResult } from "../form/form-result";

/** The drawer form of 'Add ${n.lower}' and 'Edit ${n.lower}' (the form protocol: what was typed comes back after a refusal). */
export function ${n.Pascal}Form({ ${camel(n)}, cancelTo }: { ${camel(n)}?: ${n.Pascal}; cancelTo: string }) {
  const [form, fields] = useFormResult("save", {
    defaultValue: ${camel(n)} ? { name: ${camel(n)}.name, notes: ${camel(n)}.notes ?? "" } : undefined,
    version: ${camel(n)}?.updated_at,
  });
  const saving = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-1" {...getFormProps(form)}>
      <FormAlert messages={form.errors} />
      <Field label="Name" required errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
      <div className="pb-3">
        <label htmlFor={fields.notes.id} className="field-label">
          Notes
        </label>
        <textarea
          {...getTextareaProps(fields.notes)}
          id={fields.notes.id}
          rows={4}
          className="field-input"
          aria-invalid={fields.notes.errors ? true : undefined}
          aria-describedby={fields.notes.errors ? \`\${fields.notes.id}-error\` : undefined}
        />
        <p id={\`\${fields.notes.id}-error\`} className="field-error">
          {fields.notes.errors?.join(" ")}
        </p>
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={cancelTo} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn-primary" disabled={saving}>
          Save
        </button>
      </div>
    </Form>
  );
}
`;

const listRoute = (n) => `import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ${n.CONST}_SORTS, type ${n.Pascal} } from "#contract/${n.plural}";
import { can } from "../access/permissions";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { defineList, listView, type SortField } from "../components/table/list";
import { BulkDeleteActions, DataTable, type Column, ListFooter, SearchBox } from "../components/table/list-kit";
import { formatDate } from "#common/format";
import { pageTitle } from "../lib/variant";
import { bulkSelectionAction } from "../services/bulk.server";
import { openListPage } from "../services/lists.server";
import { list${n.PascalPlural} } from "../services/${n.plural}.server";
import { useFrame } from "./_app";

/** The list's sort fields (the contract's) and default sort; shared by loader and component. */
const ${camel(n)}List = defineList("/${n.plural}", ${n.CONST}_SORTS, { filters: {}, defaultSort: { field: "name", desc: false } });

export const meta: MetaFunction = ({ matches }) => pageTitle("${n.labelPlural}", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  const { subject, state, page } = await openListPage(request, { path: "/${n.plural}", listKey: "${n.plural}", spec: ${camel(n)}List.spec, fetch: list${n.PascalPlural} });
  return { state, page, canManage: can(subject, "${n.manage}") };
}

/** The bulk form: 'Delete ${n.lower}(s)' goes to the confirmation of the selected ${n.lowerPlural}. */
export const action = ({ request }: ActionFunctionArgs) =>
  bulkSelectionAction(request, { list: "/${n.plural}", permission: "${n.manage}", intents: { delete: { to: "/${n.plural}/delete" } } });

const columns: Column<${n.Pascal}, SortField<typeof ${camel(n)}List>>[] = [
  { key: "name", header: "Name", sortField: "name", cell: (r) => <span className="font-medium">{r.name}</span> },
  { key: "created_at", header: "Created", sortField: "created_at", cell: (r) => formatDate(r.created_at) },
];

export default function ${n.PascalPlural}Page() {
  const { state, page, canManage } = useLoaderData<typeof loader>();
  const list = listView(${camel(n)}List, state);
  const actionData = useActionData<typeof action>();
  const frame = useFrame();
  const { search } = useLocation();
  const rowActions: Column<${n.Pascal}, SortField<typeof ${camel(n)}List>> = {
    key: "actions",
    header: "Actions",
    align: "right",
    cell: (r) =>
      canManage ? (
        <span className="flex justify-end gap-2">
          <Link to={\`/${n.plural}/\${r.id}/edit\${search}\`} className="btn-secondary px-3 py-1" preventScrollReset aria-label={\`Edit \${r.name}\`}>
            Edit
          </Link>
          <Link to={\`/${n.plural}/delete?\${withIds(search, r.id)}\`} className="btn-secondary px-3 py-1 text-red-700" preventScrollReset aria-label={\`Delete \${r.name}\`}>
            Delete
          </Link>
        </span>
      ) : null,
  };
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="${n.labelPlural}"
        actions={
          canManage ? (
            <Link to={\`/${n.plural}/new\${search}\`} className="btn-primary" preventScrollReset>
              ADD ${n.label.toUpperCase()}
            </Link>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBox list={list} placeholder="Search ${n.lowerPlural}" />
        {canManage ? <BulkDeleteActions formId="${n.plural}-bulk" result={actionData?.bulk} one="${n.lower}" many="${n.lowerPlural}" /> : null}
      </div>
      <DataTable
        caption="${n.labelPlural}"
        list={list}
        rows={page.data}
        columns={[...columns, rowActions]}
        rowId={(r) => String(r.id)}
        selection={canManage ? { formId: "${n.plural}-bulk", label: (r) => r.name } : undefined}
        emptyText="No ${n.lowerPlural} found"
      />
      <ListFooter list={list} meta={page.meta} />
      <Outlet />
    </>
  );
}

/** The list's URL state with one id to confirm (a row's Delete goes to the bulk confirmation of that one). */
function withIds(search: string, id: number) {
  const params = new URLSearchParams(search);
  params.set("ids", String(id));
  return params.toString();
}

export { RouteErrorBoundary as ErrorBoundary };
`;

const newRoute = (n) => `import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { ${camel(n)}BodySchema } from "#contract/${n.plural}";
import { Drawer } from "../components/drawer";
import { ${n.Pascal}Form } from "../components/${n.plural}/${n.name}-form";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { create${n.Pascal} } from "../services/${n.plural}.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => \`/${n.plural}\${new URL(request.url).search}\`;
const guard = (request: Request) => requirePermission(request, "${n.manage}", { route: "/${n.plural}", back: listOf(request) });

export async function loader({ request }: LoaderFunctionArgs) {
  await guard(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: ${camel(n)}BodySchema,
    failure: "Failed to create ${n.lower}.",
    send: (value, { api }) => create${n.Pascal}(api, value),
    success: () => ({ to: listOf(request), message: "${n.label} created." }),
  });
}

export default function Add${n.Pascal}() {
  const { search } = useLocation();
  return (
    <Drawer title="Add ${n.lower}" closeTo={\`/${n.plural}\${search}\`}>
      <${n.Pascal}Form cancelTo={\`/${n.plural}\${search}\`} />
    </Drawer>
  );
}
`;

const editRoute = (n) => `import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { ${camel(n)}BodySchema } from "#contract/${n.plural}";
import { Drawer } from "../components/drawer";
import { ${n.Pascal}Form } from "../components/${n.plural}/${n.name}-form";
import { requirePermission } from "../services/auth.server";
import { submitForm } from "../services/form-action.server";
import { idOf } from "../services/ids.server";
import { get${n.Pascal}, update${n.Pascal} } from "../services/${n.plural}.server";
import { formOf } from "../services/submission.server";

const listOf = (request: Request) => \`/${n.plural}\${new URL(request.url).search}\`;
const guard = (request: Request) => requirePermission(request, "${n.manage}", { route: "/${n.plural}", back: listOf(request) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await guard(request);
  return { ${camel(n)}: await get${n.Pascal}(api, idOf(params.id)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitForm(request, {
    form: await formOf(request),
    guard: () => guard(request),
    schema: ${camel(n)}BodySchema,
    failure: "Failed to update ${n.lower}.",
    send: (value, { api }) => update${n.Pascal}(api, idOf(params.id), value),
    success: () => ({ to: listOf(request), message: "${n.label} updated." }),
  });
}

export default function Edit${n.Pascal}() {
  const { ${camel(n)} } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <Drawer title="Edit ${n.lower}" closeTo={\`/${n.plural}\${search}\`}>
      <${n.Pascal}Form ${camel(n)}={${camel(n)}} cancelTo={\`/${n.plural}\${search}\`} />
    </Drawer>
  );
}
`;

const deleteRoute = (n) => `import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BulkDeleteDialog, type RecordNouns } from "../components/confirm-dialog";
import { bulkConfirmationLoader, bulkDeleteAction, type BulkConfirmation } from "../services/bulk.server";
import { delete${n.PascalPlural} } from "../services/${n.plural}.server";

/** The confirmation of a row's Delete and of the bulk form's 'Delete ${n.lower}(s)': the ids in the URL, one API call. */
const BULK: BulkConfirmation = { list: "/${n.plural}", permission: "${n.manage}" };
const NOUNS: RecordNouns = { one: "${n.lower}", many: "${n.lowerPlural}" };

export const loader = ({ request }: LoaderFunctionArgs) => bulkConfirmationLoader(request, BULK);

export const action = ({ request }: ActionFunctionArgs) => bulkDeleteAction(request, BULK, NOUNS, delete${n.PascalPlural});

export default function Delete${n.PascalPlural}() {
  const { ids, back } = useLoaderData<typeof loader>();
  return <BulkDeleteDialog ids={ids} back={back} nouns={NOUNS} />;
}
`;

const apiTest = (n) => `import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ${n.CONST}_MESSAGES } from "#contract/${n.plural}";
import { roles, userRoles, users, ${n.camelPlural} } from "#api/db/schema";
import { createTestApi, type TestApi } from "../helpers/api";

/** /${n.plural} through HTTP: access, tenancy, validation, and each call's happy path. Each test makes its own ${n.lowerPlural}. */
let api: TestApi;
let admin: string;
let viewer: string;
let foreignAdmin: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = await api.login("admin@harbour.test");
  viewer = await api.login("viewer@harbour.test");
  // Another company's user with every permission (its Administrator role): its ${n.lowerPlural} are not Harbour's.
  const { db } = api.database;
  const [adviser] = await db.select().from(users).where(eq(users.email, "adviser@northgate.test"));
  const [administrator] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, adviser.tenantId), eq(roles.name, "Administrator")));
  await db.insert(userRoles).values({ userId: adviser.id, roleId: administrator.id }).onConflictDoNothing();
  foreignAdmin = await api.login("adviser@northgate.test");
});
afterAll(async () => {
  await api?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const create = (body: Record<string, unknown>, token = admin) => api.request("POST", "/${n.plural}", { token, body });

describe("/${n.plural}: access", () => {
  it("answers 401 without a token", async () => {
    expect((await api.request("GET", "/${n.plural}")).status).toBe(401);
    expect((await api.request("POST", "/${n.plural}", { body: { name: "x" } })).status).toBe(401);
  });

  it("answers 403 without ${n.view} or ${n.manage}", async () => {
    expect((await api.request("GET", "/${n.plural}", { token: viewer })).status).toBe(403);
    expect((await create({ name: \`Refused \${unique()}\` }, viewer)).status).toBe(403);
  });

  it("answers 404 for another company's ${n.lower}, and leaves it as it was", async () => {
    const name = \`Foreign \${unique()}\`;
    const own = await create({ name }, foreignAdmin);
    expect(own.status).toBe(201);
    const id = own.body.data.id;
    expect((await api.request("GET", \`/${n.plural}/\${id}\`, { token: admin })).status).toBe(404);
    expect((await api.request("PUT", \`/${n.plural}/\${id}\`, { token: admin, body: { name: "Taken over" } })).status).toBe(404);
    expect((await api.request("DELETE", "/${n.plural}", { token: admin, body: { ids: [id] } })).status).toBe(404);
    const [row] = await api.database.db.select().from(${n.camelPlural}).where(eq(${n.camelPlural}.id, id));
    expect(row.name).toBe(name);
    const list = await api.request("GET", "/${n.plural}", { token: admin, query: { filter: { search: name } } });
    expect(list.body.data).toEqual([]);
  });
});

describe("/${n.plural}: validation", () => {
  it("answers 422 with an errors map, and stores nothing", async () => {
    const before = (await api.database.db.select().from(${n.camelPlural})).length;
    const res = await create({ name: "  ", notes: "n".repeat(2001) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: [${n.CONST}_MESSAGES.nameRequired], notes: [${n.CONST}_MESSAGES.notesTooLong] });
    expect((await api.database.db.select().from(${n.camelPlural})).length).toBe(before);
  });

  it("answers 422 for a bulk delete without ids and 404 for an id that is not a number", async () => {
    const res = await api.request("DELETE", "/${n.plural}", { token: admin, body: { ids: [] } });
    expect(res.status).toBe(422);
    expect(res.body.errors.ids).toEqual([${n.CONST}_MESSAGES.idsRequired]);
    expect((await api.request("GET", "/${n.plural}/abc", { token: admin })).status).toBe(404);
  });
});

describe("/${n.plural}: create, list, update, delete", () => {
  it("creates a ${n.lower}, lists it by search and sort with paging, updates it and deletes it", async () => {
    const token = unique();
    const created = await create({ name: \`B \${token}\`, notes: " First notes " });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: \`B \${token}\`, notes: "First notes" });
    const second = await create({ name: \`a \${token}\` });
    expect(second.body.data.notes).toBeNull();

    const list = (query: Record<string, unknown>) => api.request("GET", "/${n.plural}", { token: admin, query: { filter: { search: token }, ...query } });
    const byName = await list({});
    expect(byName.status).toBe(200);
    expect(byName.body.data.map((r: { name: string }) => r.name)).toEqual([\`a \${token}\`, \`B \${token}\`]);
    expect(byName.body.meta).toMatchObject({ current_page: 1, total: 2 });
    expect((await list({ sort: "-name" })).body.data.map((r: { name: string }) => r.name)).toEqual([\`B \${token}\`, \`a \${token}\`]);
    const paged = await list({ page: { number: 2, size: 1 } });
    expect(paged.body.data.map((r: { name: string }) => r.name)).toEqual([\`B \${token}\`]);
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 1, total: 2, last_page: 2 });

    const id = created.body.data.id;
    const updated = await api.request("PUT", \`/${n.plural}/\${id}\`, { token: admin, body: { name: \`C \${token}\`, notes: "" } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: \`C \${token}\`, notes: null });
    expect((await api.request("GET", \`/${n.plural}/\${id}\`, { token: admin })).body.data.name).toBe(\`C \${token}\`);

    const deleted = await api.request("DELETE", "/${n.plural}", { token: admin, body: { ids: [id, second.body.data.id] } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: 2 });
    expect((await list({})).body.data).toEqual([]);
  });
});
`;

const nojsTest = (n) => `import { beforeAll, describe, expect, test } from "vitest";
import { USERS } from "./env";
import { NojsBrowser, apiAs, uniqueToken } from "./harness";

/** The ${n.labelPlural} screen without JavaScript: the list, add and edit in the drawer, a field error, delete with confirmation. */
let api: Awaited<ReturnType<typeof apiAs>>;
beforeAll(async () => {
  api = await apiAs(USERS.admin.email);
});

const admin = () => NojsBrowser.as("admin");
const create${n.Pascal} = (name: string) => api.call("POST", "/${n.plural}", { name }, 201);

describe("${n.labelPlural}", () => {
  test("the list searches and sorts by its URL", async () => {
    const token = uniqueToken();
    await create${n.Pascal}(\`Nojs B \${token}\`);
    await create${n.Pascal}(\`Nojs A \${token}\`);
    const list = await admin().goto(\`/${n.plural}?search=\${token}\`);
    expect(list.h1).toBe("${n.labelPlural}");
    expect(list.column()).toEqual([\`Nojs A \${token}\`, \`Nojs B \${token}\`]);
    const th = list.$$("th").find((t) => t.text.trim().startsWith("Name"));
    const sorted = await list.click({ css: "a" }, th);
    expect(sorted.param("search")).toBe(token);
    expect(sorted.column()).toEqual([\`Nojs B \${token}\`, \`Nojs A \${token}\`]);
  });

  test("ADD ${n.label.toUpperCase()} opens the drawer; a blank name is refused under the field; saved, it is listed", async () => {
    const token = uniqueToken();
    const list = await admin().goto(\`/${n.plural}?search=\${token}\`);
    expect(list.text()).toContain("No ${n.lowerPlural} found");
    const add = await list.click("ADD ${n.label.toUpperCase()}");
    expect(add.path).toBe("/${n.plural}/new");
    expect(add.text("[data-drawer]")).toContain("Add ${n.lower}");

    const refused = await add.form().fill("Name", " ").fill("Notes", \`Kept \${token}\`).submit("Save");
    expect(refused.fieldError("Name", refused.drawer()!)).toBe("Enter a name.");
    expect(refused.form().value("Notes")).toBe(\`Kept \${token}\`);

    const saved = await refused.form().fill("Name", \`Nojs New \${token}\`).submit("Save");
    expect(saved.toasts()).toContain("${n.label} created.");
    expect(saved.path).toBe("/${n.plural}");
    expect(saved.param("search")).toBe(token);
    expect(saved.column()).toEqual([\`Nojs New \${token}\`]);
  });

  test("Edit changes the ${n.lower} in the drawer", async () => {
    const token = uniqueToken();
    await create${n.Pascal}(\`Nojs Old \${token}\`);
    const list = await admin().goto(\`/${n.plural}?search=\${token}\`);
    const edit = await list.click(\`Edit Nojs Old \${token}\`);
    expect(edit.form().value("Name")).toBe(\`Nojs Old \${token}\`);
    const saved = await edit.form().fill("Name", \`Nojs Renamed \${token}\`).submit("Save");
    expect(saved.toasts()).toContain("${n.label} updated.");
    expect(saved.column()).toEqual([\`Nojs Renamed \${token}\`]);
  });

  test("Delete asks first; Cancel keeps the ${n.lower}, Remove deletes it", async () => {
    const token = uniqueToken();
    const name = \`Nojs Del \${token}\`;
    await create${n.Pascal}(name);
    const list = await admin().goto(\`/${n.plural}?search=\${token}\`);
    const ask = await list.click(\`Delete \${name}\`);
    expect(ask.text("[data-confirm]")).toContain("Are you sure you want to delete this ${n.lower}?");
    const cancelled = await ask.click("Cancel", ask.confirmation()!);
    expect(cancelled.confirmation()).toBeNull();
    expect(cancelled.rowsWith(name)).toHaveLength(1);

    const again = await cancelled.click(\`Delete \${name}\`);
    const done = await again.form({ button: "Remove" }).submit("Remove");
    expect(done.toasts()).toContain("${n.label} deleted.");
    expect(done.path).toBe("/${n.plural}");
    expect(done.text()).toContain("No ${n.lowerPlural} found");
  });
});
`;

/** Every new file of the area, by path. */
export function areaFiles(n) {
  return {
    [`api/db/schema/${n.plural}.ts`]: schema(n),
    [`contract/${n.plural}.ts`]: contract(n),
    [`api/modules/${n.plural}/routes.ts`]: apiRoutes(n),
    [`api/modules/${n.plural}/service.ts`]: apiService(n),
    [`tests/api/${n.plural}.test.ts`]: apiTest(n),
    [`app/services/${n.plural}.server.ts`]: portalService(n),
    [`app/components/${n.plural}/${n.name}-form.tsx`]: formComponent(n),
    [`app/routes/_app.${n.plural}.tsx`]: listRoute(n),
    [`app/routes/_app.${n.plural}.new.tsx`]: newRoute(n),
    [`app/routes/_app.${n.plural}.$id.edit.tsx`]: editRoute(n),
    [`app/routes/_app.${n.plural}.delete.tsx`]: deleteRoute(n),
    [`tests/nojs/${n.plural}.test.ts`]: nojsTest(n),
  };
}
