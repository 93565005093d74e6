import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatNumber } from "#common/format";
import { PageHeader } from "../components/frame/page-header";
import { SearchResultList } from "../components/search/search-results";
import { RouteErrorBoundary } from "../components/route-error-boundary";
import { wordsFor } from "../lib/labels";
import { pageTitle } from "../lib/variant";
import { useSearchText } from "../lib/use-search-text";
import { ApiValidationError } from "../services/api.server";
import { requireAccess } from "../services/auth.server";
import { PAGE_LIMIT, SEARCH_MAX_LENGTH, searchableWords, searchEverything, searchTextFrom } from "../services/search.server";
import { useFrame } from "./_app";
import { Form } from "../components/form/form";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.q ? `Search: ${data.q}` : "Search", matches);

/** Any signed-in user may search; the API only answers the groups they may see. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, edition, subject } = await requireAccess(request);
  const q = searchTextFrom(new URL(request.url));
  const words = wordsFor(edition);
  const scope = searchableWords(subject.permissions, words);
  if (!q) return { q, groups: null, message: null, limit: PAGE_LIMIT, scope };
  try {
    return { q, groups: await searchEverything(api, q, PAGE_LIMIT, words), message: null, limit: PAGE_LIMIT, scope };
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return { q, groups: null, message: error.message, limit: PAGE_LIMIT, scope };
  }
}

export default function SearchPage() {
  const { q, groups, message, limit, scope } = useLoaderData<typeof loader>();
  const frame = useFrame();
  const { box, sent } = useSearchText(q);
  const found = groups?.reduce((n, g) => n + g.results.length, 0) ?? 0;
  return (
    <>
      <PageHeader
        companyName={frame.company.name}
        title="Search"
        description={scope ? `Find ${scope} by the start of their name or of any word in it.` : "There is nothing your role lets you search."}
      />
      <Form method="get" action="/search" role="search" aria-label="Search page" className="mb-6 flex max-w-xl items-center gap-2" onSubmit={sent}>
        <label htmlFor="search-page-q" className="sr-only">
          Search for
        </label>
        <input
          ref={box}
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Search by name"
          className="field-input mt-0 flex-1"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {message ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message}
        </p>
      ) : null}
      {groups === null ? (
        message ? null : (
          <p className="text-sm text-slate-500">Type the start of a name, or of a word in it (a surname), and press Search.</p>
        )
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600" role="status" data-search-summary>
            {found === 0 ? `Nothing found for “${q}”.` : `${formatNumber(found)} ${found === 1 ? "result" : "results"} for “${q}”.`}
          </p>
          <div className="grid gap-6 lg:grid-cols-3">
            {groups.map((g) => (
              <section
                key={g.key}
                aria-labelledby={`search-group-${g.key}`}
                className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
                data-search-group={g.key}
              >
                <h2 id={`search-group-${g.key}`} className="text-base font-semibold">
                  {`${g.title} (${g.results.length === limit ? `${limit}+` : g.results.length})`}
                </h2>
                {g.results.length === 0 ? <p className="mt-2 text-sm text-slate-500">No matches.</p> : <SearchResultList results={g.results} />}
                {g.results.length === limit && g.listHref ? (
                  <Link to={g.listHref} className="mt-3 inline-block text-sm font-medium text-brand hover:underline">
                    {`See all in ${g.title}`}
                  </Link>
                ) : null}
              </section>
            ))}
          </div>
        </>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary };
