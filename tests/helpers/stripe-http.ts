import { stripeSdk } from "#api/integrations/payments/stripe";

/**
 * Stripe's API answered by a function instead of the network: the official `stripe` package is given a fetch client
 * that records each request (method, path, query, headers, form body) and answers as the test says, or not at all
 * ("no answer": the connection fails). Pass `options` to an adapter's constructor.
 */
export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: URLSearchParams;
}

export type Answer = { status: number; body: unknown } | "no answer";

export function stripeHttp(answer: (req: Sent) => Answer) {
  const sent: Sent[] = [];
  const fetchFn = async (url: string | URL | Request, init?: RequestInit) => {
    const u = new URL(String(url));
    const req: Sent = {
      method: init?.method ?? "GET",
      path: u.pathname,
      query: u.searchParams,
      headers: Object.fromEntries(new Headers(init?.headers as HeadersInit).entries()),
      body: new URLSearchParams(typeof init?.body === "string" ? init.body : ""),
    };
    sent.push(req);
    const a = answer(req);
    if (a === "no answer") throw new TypeError("fetch failed");
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { "content-type": "application/json", "request-id": "req_test" } });
  };
  return { sent, options: { httpClient: stripeSdk().createFetchHttpClient(fetchFn as typeof fetch), maxNetworkRetries: 0 } };
}
