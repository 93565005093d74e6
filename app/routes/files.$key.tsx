import type { LoaderFunctionArgs } from "@remix-run/node";
import { createApi } from "../services/api.server";

/** Uploaded images (logos, photos) are served by the API; the portal passes them on from its own origin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(key)) throw new Response("Not found", { status: 404 });
  // Public: no session. The API's type, nosniff, sandboxing CSP and immutable caching come with it.
  return createApi({ request }).download(`/files/${key}`);
}
