import type { LoaderFunctionArgs } from "@remix-run/node";
import { mapperFor } from "../services/bdx.server";

/** An import's report as CSV, downloaded through the portal with the session (the mapper serves the company's own only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get("upload") ?? "";
  if (!/^\d{1,9}$/.test(id)) throw new Response("Not found.", { status: 404 });
  const mapper = await mapperFor(request);
  return mapper.download(id);
}
