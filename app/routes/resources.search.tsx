import type { LoaderFunctionArgs } from "@remix-run/node";
import { wordsFor } from "../lib/labels";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { QUICK_LIMIT, searchEverything, searchTextFrom } from "../services/search.server";

/**
 * The header's quick results while typing (JavaScript only): `?q=` answers { q, groups } with up to
 * five results a group. Without JavaScript the header's form opens the /search page instead.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition } = await requireAccess(request);
  const q = searchTextFrom(new URL(request.url));
  const headers = { "Cache-Control": "private, no-store" };
  if (!q) return Response.json({ q, groups: [] }, { headers });
  try {
    return Response.json({ q, groups: await searchEverything(api, q, QUICK_LIMIT, wordsFor(edition)) }, { headers });
  } catch (error) {
    if (error instanceof ApiValidationError) return Response.json({ q, groups: [], message: error.message }, { status: 422, headers });
    throw error;
  }
}
