import {
  data,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { BdxFieldData, BdxMapRow, BdxPreview, BdxUpload } from "#contract/bdx";
import { BDX_FIELDS, BDX_LIMITS, BDX_MESSAGES } from "#contract/bdx-constants";
import { formatDateTime } from "#common/format";
import { can } from "../access/permissions";
import { FormAlert } from "../components/form/field";
import { Form } from "../components/form/form";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requireAccess, requirePermission } from "../services/auth.server";
import { MapperError, mapperFor } from "../services/bdx.server";
import { pageParam } from "../services/clients.server";
import { redirectWithToast } from "../services/session.server";
import { formOf, noteSubmission } from "../services/submission.server";
import { useFrame } from "./_app";
import { EmptyState } from "../components/ui/empty-state";

/**
 * Bordereaux import (/bdx-import), every step a page of its own that works without JavaScript:
 * upload → map (a saved map or a new one, the declaration month and year, each policy field's column with examples
 * and suggestions) → preview (the rows with their errors) → import (a job; the page refreshes itself while it runs)
 * → the report (created, updated, refused with reasons; downloadable as CSV). The step is in the address
 * (`?upload=<id>`): the upload's state says which page it is.
 */
export const meta: MetaFunction<typeof loader> = ({ data: d, matches }) => [
  ...pageTitle("Bulk data import", matches),
  // Without JavaScript, the progress page reloads itself every 2 seconds.
  ...(d && "upload" in d && d.upload && (d.upload.status === "queued" || d.upload.status === "running") ? [{ httpEquiv: "refresh", content: "2" }] : []),
];

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const back = "/bdx-import";

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireAccess(request, "/bdx-import");
  const mapper = await mapperFor(request, signedIn);
  const url = new URL(request.url);
  const id = url.searchParams.get("upload");
  const canManage = can(signedIn.subject, "policy_manage");
  if (!id || !/^\d{1,9}$/.test(id)) {
    const [uploads, maps] = await Promise.all([mapper.uploads(pageParam(url)), mapper.maps()]);
    // ?delete_map={id}: the confirmation of a map's deletion (a page of its own, without JavaScript too).
    const deleting = canManage ? (maps.find((m) => String(m.mapId) === url.searchParams.get("delete_map")) ?? null) : null;
    return { step: "upload" as const, uploads, maps, deleting, canManage };
  }
  const upload = await mapper.get(id);
  if (upload.status === "uploaded") return { step: "map" as const, upload, fields: await mapper.fields(id), canManage };
  if (upload.status === "queued" || upload.status === "running") return { step: "progress" as const, upload, canManage };
  const page = pageParam(url);
  return { step: "report" as const, upload, report: await mapper.report(id, page), canManage };
}

interface Answer {
  intent: string;
  mapId?: string;
  message?: string;
  errors?: Record<string, string[]>;
  preview?: BdxPreview;
  values?: Record<string, string>;
}

/** The map step's form as the mapper's body: a saved map, or the columns chosen (saved under a name when given). */
function runBody(form: FormData, uploadId: string) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const map: Record<string, string> = {};
  for (const f of BDX_FIELDS) if (text(`map.${f.key}`)) map[f.key] = text(`map.${f.key}`);
  const mapId = text("map_id");
  return {
    upload_id: uploadId,
    ...(mapId ? { map_id: mapId } : { map, map_name: text("map_name") || undefined }),
    selected_products: text("selected_products")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    declaration_month: text("declaration_month"),
    declaration_year: text("declaration_year"),
  };
}

const valuesOf = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string").map(([k, v]) => [k, String(v)]));

export async function action({ request }: ActionFunctionArgs) {
  const { api: _api, ...signedIn } = await requirePermission(request, "policy_manage", { route: "/bdx-import", back });
  const mapper = await mapperFor(request, { api: _api, ...signedIn });
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = noteSubmission(request, await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: BDX_LIMITS.fileBytes })));
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) return data<Answer>({ intent: "upload", errors: { file: [BDX_MESSAGES.tooLarge] } }, { status: 413 });
      throw error;
    }
    const file = form.get("file");
    if (!(file instanceof File) || (file.size === 0 && !file.name))
      return data<Answer>({ intent: "upload", errors: { file: [BDX_MESSAGES.fileRequired] } }, { status: 422 });
    try {
      const uploaded = await mapper.upload(file);
      return redirect(`/bdx-import?upload=${uploaded.id}`);
    } catch (error) {
      if (!(error instanceof MapperError)) throw error;
      return data<Answer>({ intent: "upload", errors: { file: [error.errors.file?.[0] ?? error.message] } }, { status: 422 });
    }
  }
  const form = await formOf(request);
  const mapIntent = String(form.get("intent") ?? "");
  if (mapIntent === "rename-map" || mapIntent === "delete-map") return mapAction(request, mapper, form, mapIntent);
  const uploadId = String(form.get("upload_id") ?? "");
  const intent = String(form.get("intent") ?? "");
  if (!/^\d{1,9}$/.test(uploadId) || !["preview", "import"].includes(intent)) throw new Response("This form is not one this page knows.", { status: 400 });
  const body = runBody(form, uploadId);
  try {
    if (intent === "preview") return { intent, preview: await mapper.validate(body), values: valuesOf(form) } satisfies Answer;
    await mapper.start(body);
  } catch (error) {
    if (!(error instanceof MapperError)) throw error;
    return data<Answer>({ intent, message: error.message, errors: error.errors, values: valuesOf(form) }, { status: 422 });
  }
  return redirectWithToast(request, `/bdx-import?upload=${uploadId}`, { kind: "success", message: "Import started." });
}

/** A saved map renamed or deleted from the upload step: back to it with a message, or the refusal beside the map. */
async function mapAction(request: Request, mapper: Awaited<ReturnType<typeof mapperFor>>, form: FormData, intent: "rename-map" | "delete-map") {
  const mapId = String(form.get("map_id") ?? "");
  if (!/^\d{1,9}$/.test(mapId)) throw new Response("This form is not one this page knows.", { status: 400 });
  try {
    if (intent === "rename-map") {
      await mapper.renameMap(mapId, String(form.get("name") ?? ""));
      return redirectWithToast(request, back, { kind: "success", message: BDX_MESSAGES.mapRenamed });
    }
    await mapper.deleteMap(mapId);
    return redirectWithToast(request, back, { kind: "success", message: BDX_MESSAGES.mapDeleted });
  } catch (error) {
    if (!(error instanceof MapperError)) throw error;
    return data<Answer>({ intent, mapId, message: error.message, errors: error.errors, values: valuesOf(form) }, { status: 422 });
  }
}

export default function BdxImportPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const frame = useFrame();
  return (
    <>
      <PageHeader companyName={frame.company.name} title="Bulk data import" backTo={loaded.step === "upload" ? undefined : "/bdx-import"} />
      <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label="Steps">
        {(["upload", "map", "progress", "report"] as const).map((s, i) => (
          <li
            key={s}
            aria-current={s === loaded.step ? "step" : undefined}
            className={`rounded-full px-3 py-1 ${s === loaded.step ? "bg-brand text-white" : "bg-slate-100 text-slate-600"}`}
          >
            {i + 1}. {{ upload: "Upload", map: "Map and preview", progress: "Import", report: "Report" }[s]}
          </li>
        ))}
      </ol>
      {loaded.step === "upload" ? (
        <>
          <UploadStep uploads={loaded.uploads.data} canManage={loaded.canManage} answer={answer} />
          <SavedMaps maps={loaded.maps} deleting={loaded.deleting} canManage={loaded.canManage} answer={answer} />
        </>
      ) : null}
      {loaded.step === "map" ? <MapStep upload={loaded.upload} fields={loaded.fields} canManage={loaded.canManage} answer={answer} /> : null}
      {loaded.step === "progress" ? <ProgressStep upload={loaded.upload} /> : null}
      {loaded.step === "report" ? <ReportStep upload={loaded.upload} report={loaded.report} /> : null}
    </>
  );
}

const STATUS_LABELS: Record<BdxUpload["status"], string> = {
  uploaded: "Not imported",
  queued: "Waiting",
  running: "Importing",
  done: "Imported",
  failed: "Failed",
};

function UploadStep({ uploads, canManage, answer }: { uploads: BdxUpload[]; canManage: boolean; answer?: Answer }) {
  const error = answer?.intent === "upload" ? answer.errors?.file : undefined;
  return (
    <div className="space-y-8">
      {canManage ? (
        <Form method="post" encType="multipart/form-data" className="max-w-xl space-y-2 rounded-lg border border-slate-200 bg-white p-6">
          <h2 className="text-lg font-semibold">Upload a bordereau</h2>
          <p className="text-sm text-slate-600">A CSV (UTF-8 or Windows-1252) or XLSX file of at most 50 MB: a header row, then one policy per row.</p>
          <label htmlFor="bdx-file" className="field-label">
            File
          </label>
          <input
            id="bdx-file"
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="block text-sm"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bdx-file-error" : undefined}
          />
          <p id="bdx-file-error" className="field-error">
            {error?.join(" ")}
          </p>
          <button type="submit" className="btn-primary">
            Upload
          </button>
        </Form>
      ) : null}
      <section>
        <h2 className="mb-2 text-lg font-semibold">Recent imports</h2>
        {uploads.length === 0 ? (
          <EmptyState compact icon="upload" title="No imports yet." />
        ) : (
          <table className="w-full max-w-4xl text-left text-sm">
            <caption className="sr-only">Recent imports</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Declaration</th>
                <th scope="col">Status</th>
                <th scope="col">Rows</th>
              </tr>
            </thead>
            <tbody>
              {uploads.map((u) => (
                <tr key={u.id} className="border-t border-slate-200">
                  <td className="py-1">
                    <Link to={`/bdx-import?upload=${u.id}`} className="text-brand underline">
                      {u.file_name}
                    </Link>
                  </td>
                  <td>{formatDateTime(u.created_at)}</td>
                  <td>{u.declaration_month ? `${MONTHS[u.declaration_month - 1]} ${u.declaration_year}` : "—"}</td>
                  <td>{STATUS_LABELS[u.status]}</td>
                  <td>{u.row_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/**
 * The company's saved maps: each renamed in place, or deleted after a confirmation (`?delete_map={id}`: the page asks
 * first, with or without JavaScript). A map an unfinished import is using is kept, the mapper's reason shown by it.
 */
function SavedMaps({ maps, deleting, canManage, answer }: { maps: BdxMapRow[]; deleting: BdxMapRow | null; canManage: boolean; answer?: Answer }) {
  const refusal = answer?.intent === "rename-map" || answer?.intent === "delete-map" ? answer : undefined;
  return (
    <section className="mt-8" aria-labelledby="bdx-maps-heading">
      <h2 id="bdx-maps-heading" className="mb-2 text-lg font-semibold">
        Saved maps
      </h2>
      {deleting ? (
        <Form method="post" action={back} className="mb-4 max-w-xl space-y-3 rounded-lg border border-red-200 bg-red-50 p-4" data-confirm>
          <input type="hidden" name="intent" value="delete-map" />
          <input type="hidden" name="map_id" value={deleting.mapId} />
          <p className="font-medium">{`Delete the map “${deleting.name}”?`}</p>
          <p className="text-sm text-slate-700">Imports made with it keep their columns; the map can no longer be chosen for a new import.</p>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary bg-red-700">
              Delete map
            </button>
            <Link to={back} className="btn-secondary">
              Cancel
            </Link>
          </div>
        </Form>
      ) : null}
      {refusal?.intent === "delete-map" && refusal.message ? <FormAlert messages={[refusal.message]} /> : null}
      {maps.length === 0 ? (
        <p className="text-sm text-slate-600">No saved maps yet: a map is saved from the mapping step, under a name.</p>
      ) : (
        <table className="w-full max-w-4xl text-left text-sm">
          <caption className="sr-only">Saved maps</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Fields</th>
              <th scope="col">Saved</th>
              {canManage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {maps.map((m) => {
              const mine = refusal?.mapId === String(m.mapId) ? refusal : undefined;
              const nameError = mine?.intent === "rename-map" ? (mine.errors?.name ?? (mine.message ? [mine.message] : undefined)) : undefined;
              return (
                <tr key={m.mapId} className="border-t border-slate-200 align-top">
                  <td className="py-1">{m.name}</td>
                  <td>{Object.keys(m.map).length}</td>
                  <td>{formatDateTime(m.created_at)}</td>
                  {canManage ? (
                    <td className="py-1">
                      <Form method="post" action={back} className="flex flex-wrap items-start gap-2">
                        <input type="hidden" name="intent" value="rename-map" />
                        <input type="hidden" name="map_id" value={m.mapId} />
                        <div>
                          <label htmlFor={`bdx-map-rename-${m.mapId}`} className="sr-only">
                            {`New name for ${m.name}`}
                          </label>
                          <input
                            id={`bdx-map-rename-${m.mapId}`}
                            name="name"
                            defaultValue={mine?.values?.name ?? m.name}
                            className="field-input"
                            aria-invalid={nameError ? true : undefined}
                            aria-describedby={`bdx-map-rename-${m.mapId}-error`}
                          />
                          <p id={`bdx-map-rename-${m.mapId}-error`} className="field-error">
                            {nameError?.join(" ")}
                          </p>
                        </div>
                        <button type="submit" className="btn-secondary">
                          Rename
                        </button>
                        <Link to={`${back}?delete_map=${m.mapId}`} className="btn-secondary text-red-700" aria-label={`Delete the map ${m.name}`}>
                          Delete
                        </Link>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function MapStep({ upload, fields, canManage, answer }: { upload: BdxUpload; fields: BdxFieldData; canManage: boolean; answer?: Answer }) {
  const values = answer?.values;
  const errors = answer?.errors ?? {};
  const matching = fields.mapOptions.find((m) => m.mapId === fields.matchingMapId);
  const chosenMap = values ? values.map_id : matching ? String(matching.mapId) : "";
  const now = new Date();
  const column = (key: string) => (values ? (values[`map.${key}`] ?? "") : (fields.autoMatchedFields[key] ?? ""));
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        <strong>{upload.file_name}</strong>: {upload.row_count} rows, {upload.file_type.toUpperCase()}
        {upload.encoding ? ` (${upload.encoding})` : ""}.
      </p>
      {matching ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          The saved map “{matching.name}” fits this file’s columns: it is chosen below, so you can import without mapping again.
        </p>
      ) : null}
      <Form method="post" className="space-y-4" key={upload.id}>
        <input type="hidden" name="upload_id" value={upload.id} />
        <FormAlert messages={answer?.message ? [answer.message] : undefined} />
        <fieldset className="grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-semibold">Map and declaration</legend>
          <div>
            <label htmlFor="bdx-map" className="field-label">
              Map
            </label>
            <select id="bdx-map" name="map_id" defaultValue={chosenMap} className="field-input" aria-describedby="bdx-map-error">
              <option value="">New map (choose the columns below)</option>
              {fields.mapOptions.map((m) => (
                <option key={m.mapId} value={m.mapId}>
                  {m.name}
                </option>
              ))}
            </select>
            <p id="bdx-map-error" className="field-error">
              {errors.map_id?.join(" ")}
            </p>
          </div>
          <div>
            <label htmlFor="bdx-month" className="field-label">
              Declaration month
            </label>
            <select
              id="bdx-month"
              name="declaration_month"
              defaultValue={values?.declaration_month ?? String(now.getMonth() + 1)}
              className="field-input"
              aria-describedby="bdx-month-error"
            >
              {MONTHS.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </select>
            <p id="bdx-month-error" className="field-error">
              {errors.declaration_month?.join(" ")}
            </p>
          </div>
          <div>
            <label htmlFor="bdx-year" className="field-label">
              Declaration year
            </label>
            <input
              id="bdx-year"
              name="declaration_year"
              inputMode="numeric"
              defaultValue={values?.declaration_year ?? String(now.getFullYear())}
              className="field-input"
              aria-describedby="bdx-year-error"
            />
            <p id="bdx-year-error" className="field-error">
              {errors.declaration_year?.join(" ")}
            </p>
          </div>
        </fieldset>
        <fieldset className="max-w-4xl">
          <legend className="mb-1 text-lg font-semibold">Columns of the file</legend>
          <p className="mb-3 text-sm text-slate-600">
            For a new map: the column of the file that fills each policy field. Suggestions are chosen already; a saved map chosen above is used as it is.
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Policy field</th>
                <th scope="col">Column of the file</th>
                <th scope="col">Example values</th>
              </tr>
            </thead>
            <tbody>
              {fields.fields.map((f) => {
                const chosen = column(f.key);
                const error = errors[`map.${f.key}`];
                return (
                  <tr key={f.key} className="border-t border-slate-200 align-top">
                    <td className="py-2">
                      <label htmlFor={`bdx-map-${f.key}`}>
                        {f.label}
                        {f.required ? (
                          <span aria-hidden="true" className="ml-0.5 text-red-600">
                            *
                          </span>
                        ) : null}
                      </label>
                    </td>
                    <td className="py-1">
                      <select
                        id={`bdx-map-${f.key}`}
                        name={`map.${f.key}`}
                        defaultValue={chosen}
                        className="field-input"
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `bdx-map-${f.key}-error` : undefined}
                      >
                        <option value="">— Not imported —</option>
                        {fields.importFields.map((h) => (
                          <option key={h} value={h}>
                            {h}
                          </option>
                        ))}
                      </select>
                      <p id={`bdx-map-${f.key}-error`} className="field-error">
                        {error?.join(" ")}
                      </p>
                    </td>
                    <td className="py-2 text-slate-600">{chosen ? (fields.examples[chosen] ?? []).join(", ") : ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </fieldset>
        <div className="grid max-w-3xl grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="bdx-map-name" className="field-label">
              Save this map as (optional)
            </label>
            <input id="bdx-map-name" name="map_name" defaultValue={values?.map_name ?? ""} className="field-input" aria-describedby="bdx-map-name-error" />
            <p id="bdx-map-name-error" className="field-error">
              {errors.map_name?.join(" ")}
            </p>
          </div>
          <div>
            <label htmlFor="bdx-products" className="field-label">
              Products of this map (optional, comma-separated)
            </label>
            <input id="bdx-products" name="selected_products" defaultValue={values?.selected_products ?? ""} className="field-input" list="bdx-product-types" />
            <datalist id="bdx-product-types">
              {fields.productTypes.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          </div>
        </div>
        {canManage ? (
          <div className="flex gap-2">
            <button type="submit" name="intent" value="preview" className="btn-secondary">
              Preview
            </button>
            <button type="submit" name="intent" value="import" className="btn-primary">
              Import
            </button>
          </div>
        ) : null}
      </Form>
      {answer?.preview ? <PreviewTable preview={answer.preview} /> : null}
    </div>
  );
}

function PreviewTable({ preview }: { preview: BdxPreview }) {
  const shown = BDX_FIELDS.filter((f) => preview.map[f.key]);
  return (
    <section aria-labelledby="bdx-preview">
      <h2 id="bdx-preview" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="mb-2 text-sm" data-preview-summary>
        {preview.valid_rows} of {preview.row_count} rows can be imported; {preview.invalid_rows} have errors and will be refused.
      </p>
      <div className="overflow-x-auto">
        <table className="text-left text-sm">
          <caption className="sr-only">The first rows as they would be imported</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              {shown.map((f) => (
                <th key={f.key} scope="col">
                  {f.label}
                </th>
              ))}
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.line} className={`border-t border-slate-200 ${r.errors.length ? "bg-red-50" : ""}`}>
                <td className="pr-3">{r.line}</td>
                {shown.map((f) => (
                  <td key={f.key} className="pr-3">
                    {r.values[f.key] ?? ""}
                  </td>
                ))}
                <td className="text-red-800">{r.errors.join(" ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ProgressStep({ upload }: { upload: BdxUpload }) {
  // With JavaScript the page asks again every 2 seconds; without it, the meta refresh reloads it.
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (state === "idle") revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [revalidate, state]);
  const percent = upload.row_count ? Math.floor((upload.processed_rows / upload.row_count) * 100) : 0;
  return (
    <section className="max-w-xl space-y-3" aria-live="polite">
      <h2 className="text-lg font-semibold">Importing {upload.file_name}</h2>
      <progress max={upload.row_count} value={upload.processed_rows} className="w-full" aria-label="Import progress">
        {percent}%
      </progress>
      <p data-progress>
        {upload.processed_rows} of {upload.row_count} rows done ({percent}%).
        {upload.status === "queued" && upload.failure ? ` The last attempt failed (${upload.failure}); it will be tried again.` : ""}
      </p>
      <p className="text-sm text-slate-600">This page refreshes itself. </p>
      <Link to={`/bdx-import?upload=${upload.id}`} className="btn-secondary">
        Refresh
      </Link>
    </section>
  );
}

function ReportStep({
  upload,
  report,
}: {
  upload: BdxUpload;
  report: { data: { line: number; outcome: string; policy_number: string | null; reasons: string[] }[]; meta: { current_page: number; last_page: number } };
}) {
  const { current_page: page, last_page: last } = report.meta;
  return (
    <section className="space-y-4">
      <h2 className="text-lg font-semibold">Report of {upload.file_name}</h2>
      {upload.status === "failed" ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          The import failed: {upload.failure ?? "no reason was given"}. Rows done before it failed are kept.
        </p>
      ) : null}
      <dl className="flex gap-6" data-report-totals>
        <div>
          <dt className="text-xs uppercase text-slate-500">Created</dt>
          <dd className="text-xl font-semibold">{upload.created_rows}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Updated</dt>
          <dd className="text-xl font-semibold">{upload.updated_rows}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase text-slate-500">Refused</dt>
          <dd className="text-xl font-semibold">{upload.refused_rows}</dd>
        </div>
      </dl>
      <p className="flex gap-3">
        <a href={`/bdx-import/report?upload=${upload.id}`} className="btn-secondary" download>
          Download report (CSV)
        </a>
        <Link to="/bdx-import" className="btn-primary">
          Import another file
        </Link>
      </p>
      <table className="w-full max-w-4xl text-left text-sm">
        <caption className="sr-only">Rows of the import</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Outcome</th>
            <th scope="col">Policy number</th>
            <th scope="col">Reasons</th>
          </tr>
        </thead>
        <tbody>
          {report.data.map((r) => (
            <tr key={r.line} className="border-t border-slate-200">
              <td>{r.line}</td>
              <td>{{ created: "Created", updated: "Updated", refused: "Refused" }[r.outcome]}</td>
              <td>{r.policy_number ?? "—"}</td>
              <td>{r.reasons.join(" ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {last > 1 ? (
        <nav aria-label="Report pages" className="flex gap-3 text-sm">
          {page > 1 ? <Link to={`/bdx-import?upload=${upload.id}&page=${page - 1}`}>Previous</Link> : null}
          <span>
            Page {page} of {last}
          </span>
          {page < last ? <Link to={`/bdx-import?upload=${upload.id}&page=${page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
