/**
 * First-load weight of a portal page: bytes of HTML, JavaScript and CSS (gzip) counted from what the page's
 * HTML references — `<link rel="modulepreload">`, `<script src>` and the imports of the inline module script.
 * Chunks fetched later (islands, lazy parts) are not counted: they do not hold up the page.
 *
 *   import { weigh } from "./page-weight";            // bench/run.ts
 *   npx tsx bench/page-weight.ts                      // a table of every list and detail page
 *
 * Run directly, it starts nothing: it measures the portal at PORTAL (default http://127.0.0.1:3000), signed in
 * as a demo user (BENCH_USER, default admin@harbour.test, password demo-pass-2026), and finds a record of each
 * detail page through the first link of its list.
 */
import { gzipSync } from "node:zlib";

export interface PageWeight {
  html: number;
  js: number;
  css: number;
}

/** Weighs `pathname` on `portal` (signed in when `cookie` is given); throws unless the page answers 200. */
export async function weigh(portal: string, pathname: string, cookie?: string): Promise<PageWeight> {
  const res = await fetch(`${portal}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
  const html = await res.text();
  const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const tags = [...html.matchAll(/<(?:link|script)\b[^>]*>/g)].map((m) => m[0]);
  // Remix references first-load JavaScript three ways: <link rel="modulepreload">, <script src> and the
  // inline module script (`import "/build/manifest-….js"; import * as route0 from "/build/root-….js"; …`).
  const preloads = tags.filter((t) => t.startsWith("<link") && attr(t, "rel") === "modulepreload").map((t) => attr(t, "href")!);
  const scriptSrcs = tags
    .filter((t) => t.startsWith("<script"))
    .map((t) => attr(t, "src"))
    .filter((x): x is string => !!x);
  const inlineModules = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [...m[1].matchAll(/(?:import|from)\s*\(?\s*"([^"]+\.js)"/g)].map((x) => x[1]),
  );
  const styles = tags.filter((t) => t.startsWith("<link") && attr(t, "rel") === "stylesheet").map((t) => attr(t, "href")!);
  const size = async (urls: string[]) => {
    let total = 0;
    for (const u of new Set(urls)) total += gzipSync(Buffer.from(await (await fetch(new URL(u, portal))).arrayBuffer())).length;
    return total;
  };
  return { html: gzipSync(html).length, js: await size([...preloads, ...scriptSrcs, ...inlineModules]), css: await size(styles) };
}

/** Signs in through the portal's own sign-in form and returns the session cookie (`name=value`). */
export async function signIn(portal: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${portal}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: portal },
    body: new URLSearchParams({ email, password }),
  });
  // The answer sets several cookies (the session, a flashed toast, the company): keep the session's.
  const cookie =
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => /^(__Host-|__)session=./.test(c)) ?? "";
  if (!cookie || res.status !== 302) throw new Error(`Could not sign in as ${email} (the portal answered ${res.status}).`);
  return cookie;
}

/** Where a page settles: a list may redirect to its canonical address (its remembered or default filters). */
async function settled(portal: string, pathname: string, cookie: string): Promise<string> {
  for (let hops = 0; hops < 5; hops += 1) {
    const res = await fetch(`${portal}${pathname}`, { headers: { cookie }, redirect: "manual" });
    await res.arrayBuffer();
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return pathname;
    const next = new URL(location, `${portal}${pathname}`);
    if (next.origin !== new URL(portal).origin) throw new Error(`${pathname} redirects away, to ${location}`);
    pathname = `${next.pathname}${next.search}`;
  }
  throw new Error(`${pathname}: too many redirects`);
}

/** The first link on a list page whose path matches `pattern` (a record to open), e.g. /^\/company\/\d+$/. */
async function firstLink(portal: string, listPath: string, pattern: RegExp, cookie: string): Promise<string> {
  const res = await fetch(`${portal}${listPath}`, { headers: { cookie }, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${listPath} answered ${res.status}`);
  const html = await res.text();
  const href = [...html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&").split("?")[0]).find((h) => pattern.test(h));
  if (!href) throw new Error(`${listPath} links to no page like ${pattern}`);
  return href;
}

/** Every list and detail page of the portal, in menu order: [name, path or a way to find it, signed in]. */
export async function portalPages(portal: string, cookie: string): Promise<[string, string, boolean][]> {
  const at = (pathname: string) => settled(portal, pathname, cookie);
  const link = async (list: string, pattern: RegExp) => at(await firstLink(portal, await at(list), pattern, cookie));
  return [
    ["Sign-in", "/login", false],
    ["Dashboard", await at("/dashboard"), true],
    ["Tasks list", await at("/tasks"), true],
    ["Task page", await link("/tasks", /^\/tasks\/\d+$/), true],
    ["Board", await at("/tasks/board"), true],
    ["Individuals", await at("/individuals"), true],
    ["Individual page", await link("/individuals", /^\/individual\/\d+$/), true],
    ["Companies", await at("/companies"), true],
    ["Company page", await link("/companies", /^\/company\/\d+$/), true],
    ["Pipelines", await at("/pipelines"), true],
    ["Pipeline page", await link("/pipelines", /^\/pipeline\/\d+$/), true],
    ["Providers", await at("/providers"), true],
    ["Roles", await at("/roles"), true],
    ["Role permissions", await link("/roles", /^\/role-permissions\/\d+$/), true],
    ["Teams", await at("/team"), true],
    ["Team page", await link("/team", /^\/team\/\d+$/), true],
    ["Notifications", await at("/notifications"), true],
    ["Search", await at("/search?q=a"), true],
    ["Profile", await at("/profile"), true],
    ["Quotes", await at("/quotes"), true],
    ["Quote page", await link("/quotes", /^\/quotes\/\d+$/), true],
    ["Invoices", await at("/invoices"), true],
    ["Invoice page", await link("/invoices", /^\/invoices\/\d+$/), true],
  ];
}

const kb = (n: number) => (n / 1024).toFixed(1);

if (import.meta.url === `file://${process.argv[1]}` || /page-weight\.ts$/.test(process.argv[1] ?? "")) {
  const portal = (process.env.PORTAL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
  const budget = Number(process.env.BUDGET_KB ?? 100);
  const cookie = await signIn(portal, process.env.BENCH_USER ?? "admin@harbour.test", process.env.BENCH_PASSWORD ?? "demo-pass-2026");
  const rows: string[] = [];
  let over = 0;
  for (const [name, pathname, signedIn] of await portalPages(portal, cookie)) {
    const w = await weigh(portal, pathname, signedIn ? cookie : undefined);
    const fits = w.js <= budget * 1024;
    if (!fits) over += 1;
    rows.push(`| ${name} | \`${pathname}\` | ${kb(w.js)} | ${fits ? "yes" : "**no**"} | ${kb(w.html)} | ${kb(w.css)} |`);
  }
  console.log(`First-load weight (KB gzip) of ${portal}, budget ${budget} KB of JavaScript\n`);
  console.log("| Page | Path | JavaScript | Within budget | HTML | CSS |\n|---|---|---|---|---|---|");
  console.log(rows.join("\n"));
  if (over) console.log(`\n${over} page(s) over ${budget} KB.`);
}
