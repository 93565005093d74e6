import type { LoaderFunctionArgs } from "@remix-run/node";
import { request as undiciRequest } from "undici";
import { config } from "../services/config.server";

/** Uploaded files (logos, photos) are served by the API; the portal passes them through on its own origin. */
export async function loader({ params }: LoaderFunctionArgs) {
  const key = params.key ?? "";
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(key)) throw new Response("Not found", { status: 404 });
  const res = await undiciRequest(`${config.API_BASE_URL.replace(/\/$/, "")}/files/${key}`).catch(() => null);
  if (!res || res.statusCode !== 200) {
    await res?.body.dump();
    throw new Response("Not found", { status: 404 });
  }
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=31536000, immutable" });
  for (const name of ["content-type", "content-disposition", "content-length"]) {
    const value = res.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return new Response(Buffer.from(await res.body.arrayBuffer()), { status: 200, headers });
}
