import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { BdxPreview } from "#contract/bdx";
import { BDX_FIELDS, BDX_LIMITS, BDX_MESSAGES } from "#contract/bdx-constants";
import { can } from "../access/permissions";
import { MapStep, type PreviewAnswer } from "../components/bdx/map-step";
import { BDX_IMPORT_PATH as back } from "../components/bdx/bdx-import";
import { ProgressStep, ReportStep } from "../components/bdx/report-step";
import { SavedMaps } from "../components/bdx/saved-maps";
import { UploadStep } from "../components/bdx/upload-step";
import { PageHeader } from "../components/frame/page-header";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { pageTitle } from "../lib/variant";
import { requireAccess, requirePermission } from "../services/auth.server";
import { MapperError, mapperFor, type Mapper } from "../services/bdx.server";
import { pageParam } from "../services/clients.server";
import { dispatchIntent, keepOnOutage, refuseForm, valuesOf } from "../services/form-action.server";
import { readForm } from "../services/forms.server";
import { redirectWithToast } from "../services/session.server";
import { useFrame } from "./_app";

/**
 * Bordereaux import (/bdx-import), every step a page of its own that works without JavaScript:
 * upload → map (a saved map or a new one, the declaration month and year, each policy field's column with examples
 * and suggestions) → preview (the rows with their errors) → import (a job; the page refreshes itself while it runs)
 * → the report (created, updated, refused with reasons; downloadable as CSV). The step is in the address
 * (`?upload=<id>`): the upload's state says which page it is. The steps are drawn by app/components/bdx/.
 */
export const meta: MetaFunction<typeof loader> = ({ data: d, matches }) => [
  ...pageTitle("Bulk data import", matches),
  // Without JavaScript, the progress page reloads itself every 2 seconds.
  ...(d && "upload" in d && d.upload && (d.upload.status === "queued" || d.upload.status === "running") ? [{ httpEquiv: "refresh", content: "2" }] : []),
];

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

/** An id field of the form (the upload's, the map's); any other value is not a form this page sends. */
function idField(form: FormData, name: string): string {
  const id = String(form.get(name) ?? "");
  if (!/^\d{1,9}$/.test(id)) throw new Response("This form is not one this page knows.", { status: 400 });
  return id;
}

type Refusal = { fieldErrors?: Record<string, string[]>; formErrors?: string[] };
/** The mapper's refusal of a form: its messages under the fields, its own on top. */
const asRefused = (error: MapperError): Refusal => ({ fieldErrors: error.errors, formErrors: [error.message] });

/**
 * The page's forms, by intent (an unknown one answers 400): upload (a file), preview and import (the map step),
 * rename-map and delete-map (a saved map). Each is guarded (policy_manage) and comes back as typed when the API does
 * not answer; a refusal of the mapper is that form's answer (the form protocol's), with what was sent.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { form, tooLarge } = await readForm(request, BDX_LIMITS.fileBytes);
  const guarded = async () => mapperFor(request, await requirePermission(request, "policy_manage", { route: "/bdx-import", back }));
  // A file too large is refused before any of its form is read (so it carries no intent).
  if (tooLarge) {
    return keepOnOutage("upload", form, async () => {
      await guarded();
      return refuseForm("upload", form, { fieldErrors: { file: [BDX_MESSAGES.tooLarge] } }, { status: 413 });
    });
  }
  const run =
    (send: (mapper: Mapper, intent: string) => Promise<unknown>, refused: (error: MapperError) => Refusal = asRefused) =>
    (intent: string) =>
      keepOnOutage(intent, form, async () => {
        const mapper = await guarded();
        try {
          return await send(mapper, intent);
        } catch (error) {
          if (!(error instanceof MapperError)) throw error;
          return refuseForm(intent, form, refused(error));
        }
      });
  return dispatchIntent(form, {
    upload: run(
      async (mapper, intent) => {
        const file = form.get("file");
        if (!(file instanceof File) || (file.size === 0 && !file.name)) return refuseForm(intent, form, { fieldErrors: { file: [BDX_MESSAGES.fileRequired] } });
        const uploaded = await mapper.upload(file);
        return redirect(`/bdx-import?upload=${uploaded.id}`);
      },
      (error) => ({ fieldErrors: { file: [error.errors.file?.[0] ?? error.message] } }),
    ),
    // The preview answers the rows as they would be imported, beside the form as it was sent.
    preview: run(async (mapper, intent) => {
      const preview: BdxPreview = await mapper.validate(runBody(form, idField(form, "upload_id")));
      return data({ form: { intent, result: { status: "success", initialValue: valuesOf(form) } }, preview } satisfies PreviewAnswer);
    }),
    import: run(async (mapper) => {
      const uploadId = idField(form, "upload_id");
      await mapper.start(runBody(form, uploadId));
      return redirectWithToast(request, `/bdx-import?upload=${uploadId}`, { kind: "success", message: "Import started." });
    }),
    "rename-map": run(async (mapper) => {
      await mapper.renameMap(idField(form, "map_id"), String(form.get("name") ?? ""));
      return redirectWithToast(request, back, { kind: "success", message: BDX_MESSAGES.mapRenamed });
    }),
    "delete-map": run(
      async (mapper) => {
        await mapper.deleteMap(idField(form, "map_id"));
        return redirectWithToast(request, back, { kind: "success", message: BDX_MESSAGES.mapDeleted });
      },
      (error) => ({ formErrors: [error.message] }),
    ),
  });
}

export default function BdxImportPage() {
  const loaded = useLoaderData<typeof loader>();
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
          <UploadStep uploads={loaded.uploads.data} canManage={loaded.canManage} />
          <SavedMaps maps={loaded.maps} deleting={loaded.deleting} canManage={loaded.canManage} />
        </>
      ) : null}
      {loaded.step === "map" ? <MapStep upload={loaded.upload} fields={loaded.fields} canManage={loaded.canManage} /> : null}
      {loaded.step === "progress" ? <ProgressStep upload={loaded.upload} /> : null}
      {loaded.step === "report" ? <ReportStep upload={loaded.upload} report={loaded.report} /> : null}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
