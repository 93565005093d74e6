import http from "node:http";

/**
 * One HTTP exchange with the portal as a browser makes it, for the layers that talk to it without one (the no-JS
 * harness, the end-to-end tests' sign-in): the request goes to 127.0.0.1 with the address's host in its Host header,
 * as a browser resolving *.localhost does (Node does not resolve flightdeck.localhost, and the host picks the theme).
 * No redirect is followed.
 */

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function exchange(method: string, url: URL, headers: Record<string, string>, body?: Buffer | string): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: url.port || 80, path: url.pathname + url.search, method, headers: { host: url.host, ...headers } },
      (r) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(chunks).toString("utf8") }));
        r.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** One `Set-Cookie` line: the cookie, its attributes (names in lower case), and whether it deletes the cookie. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string>;
  /** Expired by Max-Age or Expires, or emptied: the browser drops the cookie. */
  removes: boolean;
}

export function parseSetCookie(line: string): SetCookie | null {
  const [pair, ...parts] = line.split(";");
  const eq = pair.indexOf("=");
  if (eq < 0) return null;
  const value = pair.slice(eq + 1).trim();
  const attributes = Object.fromEntries(
    parts.map((a) => {
      const i = a.indexOf("=");
      return i < 0 ? [a.trim().toLowerCase(), ""] : [a.slice(0, i).trim().toLowerCase(), a.slice(i + 1).trim()];
    }),
  );
  const expired =
    (attributes["max-age"] !== undefined && Number(attributes["max-age"]) <= 0) ||
    (attributes.expires !== undefined && Date.parse(attributes.expires) < Date.now());
  return { name: pair.slice(0, eq).trim(), value, attributes, removes: expired || value === "" };
}
