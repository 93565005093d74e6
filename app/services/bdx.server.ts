import {
  BDX_MESSAGES,
  bdxFieldDataSchema,
  bdxMapListSchema,
  bdxMapResponseSchema,
  bdxPreviewSchema,
  bdxReportSchema,
  bdxUploadListSchema,
  bdxUploadResponseSchema,
} from "#contract/bdx";
import { ApiValidationError, createApi } from "./api.server";
import { requireAccess, type SignedIn } from "./auth.server";
import { config } from "./config.server";
import { getSession } from "./session.server";

/** A refusal of the mapper, told as the spec's error catalogue says: its own message, or 'Something went wrong'. */
export class MapperError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** The mapper's base address: MAPPER_BASE_URL, or the API's /mapper prefix. */
export const mapperBaseUrl = () => config.MAPPER_BASE_URL ?? `${config.API_BASE_URL.replace(/\/$/, "")}/mapper`;

/**
 * The bordereaux mapper's client (business-domain §7, "a separate host"): the session's token, the company's uuid on
 * every call ('Company uuid not found!' without one), its refusals rethrown with the server's message and anything
 * else that is not a redirect or an outage page as 'Something went wrong'.
 */
export async function mapperFor(request: Request, signedIn?: SignedIn) {
  const { user } = signedIn ?? (await requireAccess(request, "/bdx-import"));
  const token = (await getSession(request)).get("token");
  const uuid = user.company.uuid;
  if (!uuid) throw new MapperError(BDX_MESSAGES.companyUuid);
  const api = createApi({ request, token, baseUrl: mapperBaseUrl() });
  const query = (extra: Record<string, string | number | undefined> = {}) => ({ company_uuid: uuid, ...extra });
  const honour = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof Response) throw error; // a redirect, a 403/404 page, the outage page
      if (error instanceof ApiValidationError) throw new MapperError(error.body.message || BDX_MESSAGES.fallback, error.body.errors ?? {});
      throw new MapperError(BDX_MESSAGES.fallback);
    }
  };
  return {
    maps: () => honour(async () => (await api.get("/mapper", { query: query(), schema: bdxMapListSchema })).data),
    renameMap: (id: string, name: string) =>
      honour(async () => (await api.put(`/mapper/${encodeURIComponent(id)}`, { query: query(), body: { name }, schema: bdxMapResponseSchema })).data),
    deleteMap: (id: string) => honour(() => api.delete(`/mapper/${encodeURIComponent(id)}`, { query: query() })),
    upload: (file: File) =>
      honour(async () => {
        const form = new FormData();
        form.append("file", file, file.name);
        return (await api.post("/upload", { query: query(), body: form, schema: bdxUploadResponseSchema })).data;
      }),
    uploads: (page = 1) => honour(() => api.get("/uploads", { query: query({ "page[number]": page, "page[size]": 10 }), schema: bdxUploadListSchema })),
    get: (id: string) => honour(async () => (await api.get(`/uploads/${encodeURIComponent(id)}`, { query: query(), schema: bdxUploadResponseSchema })).data),
    fields: (id: string) => honour(async () => (await api.get("/fields", { query: query({ upload_id: id }), schema: bdxFieldDataSchema })).data),
    validate: (body: Record<string, unknown>) => honour(async () => (await api.post("/validate", { query: query(), body, schema: bdxPreviewSchema })).data),
    start: (body: Record<string, unknown>) =>
      honour(async () => (await api.post("/api/policy/import", { query: query(), body, schema: bdxUploadResponseSchema })).data),
    report: (id: string, page = 1) =>
      honour(() => api.get(`/uploads/${encodeURIComponent(id)}/report`, { query: query({ "page[number]": page, "page[size]": 50 }), schema: bdxReportSchema })),
    download: (id: string) => api.download(`/uploads/${encodeURIComponent(id)}/report.csv?company_uuid=${encodeURIComponent(uuid)}`),
  };
}
export type Mapper = Awaited<ReturnType<typeof mapperFor>>;
