import { parse, type HTMLElement } from "node-html-parser";
import { inject } from "vitest";
import { exchange, parseSetCookie, type RawResponse } from "../helpers/portal-http";
import { NOJS, PASSWORD, USERS, type Theme, type UserKey } from "./env";

/**
 * A browser with JavaScript off, over HTTP: it keeps cookies (per host, like a browser profile), follows
 * redirects, follows the page's own links and fills and submits the page's own forms with every field
 * they carry — hidden fields, input values, checked boxes and radios, selected options, textareas and the
 * clicked button's name and value — and sends the page's own origin with every post (the portal refuses
 * posts from another origin). The page it lands on is parsed (node-html-parser) for the tests to read.
 *
 * Host names (flightdeck.localhost, smallbusiness.localhost) choose the portal's theme; every request goes
 * to 127.0.0.1 with the page's host in its Host header, as a browser resolving *.localhost does.
 */

/** Cookies by host name, then by name (the portal sets host-only cookies). */
export type CookieJar = Record<string, Record<string, string>>;

export interface FileValue {
  name: string;
  type: string;
  content: Buffer | string;
}

/** Spaces collapsed and trimmed, as a reader sees the text. */
export function norm(text: string | undefined | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** The accessible name a link or button is found by: aria-label, else its text (or an input's value). */
export function nameOf(el: HTMLElement): string {
  const label = el.getAttribute("aria-label");
  if (label) return norm(label);
  if (el.tagName === "INPUT") return norm(el.getAttribute("value"));
  return norm(el.text);
}

function matches(actual: string, wanted: string | RegExp) {
  return typeof wanted === "string" ? actual === wanted : wanted.test(actual);
}

export class NojsBrowser {
  readonly jar: CookieJar;
  /** The origin relative addresses start from (the host picks the theme). */
  origin: string;

  constructor(origin: string = NOJS.flightdeck, jar: CookieJar = {}) {
    this.origin = origin;
    this.jar = structuredClone(jar);
  }

  /** A new browser holding a copy of a demo user's saved sign-in (made once per run by the global set-up). */
  static as(user: UserKey, theme?: Theme): NojsBrowser {
    const saved = inject("nojsSignedIn")[user];
    if (!saved) throw new Error(`No saved sign-in for ${user}`);
    return new NojsBrowser(NOJS[theme ?? USERS[user].theme], saved);
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar[host]?.[name];
  }

  private storeCookies(host: string, setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const cookie = parseSetCookie(line);
      if (!cookie) continue;
      const jar = (this.jar[host] ??= {});
      if (cookie.removes) delete jar[cookie.name];
      else jar[cookie.name] = cookie.value;
    }
  }

  private cookieHeader(host: string): string | undefined {
    const entries = Object.entries(this.jar[host] ?? {});
    return entries.length ? entries.map(([k, v]) => `${k}=${v}`).join("; ") : undefined;
  }

  /** One HTTP exchange, no redirect followed. */
  async raw(method: string, url: URL, body?: { data: Buffer | string; type: string }, headers: Record<string, string> = {}): Promise<RawResponse> {
    const host = url.hostname;
    const cookie = this.cookieHeader(host);
    const all: Record<string, string> = {
      accept: "text/html,application/xhtml+xml",
      "user-agent": "nojs-harness",
      ...(cookie ? { cookie } : {}),
      ...(body ? { "content-type": body.type, "content-length": String(Buffer.byteLength(body.data)) } : {}),
      ...headers,
    };
    const res = await exchange(method, url, all, body?.data);
    this.storeCookies(host, res.headers["set-cookie"]);
    return res;
  }

  /**
   * A request the way a browser makes it, following redirects (a 301/302/303 after a post becomes a GET,
   * 307/308 keep the method and body). Posts carry the page's own origin.
   */
  async request(
    method: string,
    address: string | URL,
    body?: { data: Buffer | string; type: string },
    headers: Record<string, string> = {},
  ): Promise<NojsPage> {
    let url = new URL(address, this.origin);
    const redirects: string[] = [];
    for (let hop = 0; hop < 20; hop++) {
      const extra = method === "GET" || method === "HEAD" ? headers : { origin: url.origin, ...headers };
      const res = await this.raw(method, url, body, extra);
      const location = res.headers.location;
      if (res.status >= 300 && res.status < 400 && location) {
        redirects.push(url.pathname + url.search);
        url = new URL(location, url);
        // An address of another application (tel:, mailto:): a browser hands it over and loads nothing; the
        // page answered is empty, at that address.
        if (url.protocol !== "http:" && url.protocol !== "https:") return new NojsPage(this, url, { status: 204, headers: {}, body: "" }, redirects);
        if (res.status !== 307 && res.status !== 308) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      return new NojsPage(this, url, res, redirects);
    }
    throw new Error(`Too many redirects from ${address}`);
  }

  /** Opens an address (relative to the browser's origin). */
  goto(address: string): Promise<NojsPage> {
    return this.request("GET", address);
  }

  /** Signs a demo user in through the sign-in page's own form (e-mail codes are not handled here). */
  async signIn(email: string, password = PASSWORD): Promise<NojsPage> {
    const login = await this.goto("/login");
    return login.form().fill("email", email).fill("password", password).submit("Sign in");
  }
}

export class NojsPage {
  readonly doc: HTMLElement;

  constructor(
    readonly browser: NojsBrowser,
    readonly url: URL,
    readonly response: RawResponse,
    /** The addresses answered with a redirect on the way here. */
    readonly redirects: string[],
  ) {
    // <noscript> is markup like any other to a browser with JavaScript off (its find fields live there).
    this.doc = parse(response.body, { comment: false, blockTextElements: { script: true, style: true } });
  }

  get status() {
    return this.response.status;
  }

  get html() {
    return this.response.body;
  }

  get path() {
    return this.url.pathname;
  }

  /** A query parameter of the page's address (null when absent). */
  param(name: string): string | null {
    return this.url.searchParams.get(name);
  }

  $(selector: string): HTMLElement | null {
    return this.doc.querySelector(selector);
  }

  $$(selector: string): HTMLElement[] {
    return this.doc.querySelectorAll(selector);
  }

  /** The one element a selector finds (throws when none). */
  one(selector: string, within: HTMLElement = this.doc): HTMLElement {
    const el = within.querySelector(selector);
    if (!el) throw new Error(`No ${selector} on ${this.url.pathname}${this.url.search}`);
    return el;
  }

  /** The normalised text of the page's main content, or of what a selector finds (all of them). */
  text(selector?: string): string {
    if (!selector) return norm((this.doc.querySelector("body") ?? this.doc).text);
    return this.$$(selector)
      .map((e) => norm(e.text))
      .join(" ");
  }

  get title(): string {
    return norm(this.$("title")?.text);
  }

  get h1(): string {
    return this.text("h1");
  }

  /** The page's toasts (success toasts and failures), as texts. */
  toasts(): string[] {
    return this.$$('[aria-live="polite"] *')
      .filter((e) => e.childNodes.every((c) => c.nodeType === 3) && norm(e.text))
      .map((e) => norm(e.text));
  }

  /** The texts of the page's alerts (role="alert"). */
  alerts(): string[] {
    return this.$$('[role="alert"]').map((e) => norm(e.text));
  }

  /** A region by its accessible name: a <section> or role="region" named by aria-label or aria-labelledby. */
  region(name: string): HTMLElement | null {
    return (
      this.$$('section, [role="region"]').find((el) => {
        const label = el.getAttribute("aria-label");
        if (label) return norm(label) === name;
        const by = el.getAttribute("aria-labelledby");
        return by
          ? by
              .split(/\s+/)
              .map((id) => norm(this.doc.querySelector(`[id="${id}"]`)?.text))
              .join(" ") === name
          : false;
      }) ?? null
    );
  }

  /** The open drawer (a panel over the page without JavaScript), or null. */
  drawer(): HTMLElement | null {
    return this.$("[data-drawer]");
  }

  /** The open confirmation, or null. */
  confirmation(): HTMLElement | null {
    return this.$("[data-confirm]");
  }

  /** Links whose accessible name (aria-label or text) is `name`. */
  links(name: string | RegExp, within: HTMLElement = this.doc): HTMLElement[] {
    return within.querySelectorAll("a[href]").filter((a) => matches(nameOf(a), name));
  }

  /** The one link named `name` (the first when several say the same). */
  link(name: string | RegExp, within: HTMLElement = this.doc): HTMLElement {
    const found = this.links(name, within);
    if (!found.length) throw new Error(`No link "${name}" on ${this.url.pathname}${this.url.search}`);
    return found[0];
  }

  /** Follows a link named `name` (or an element found by the selector `{ css }`). */
  async click(name: string | RegExp | { css: string }, within?: HTMLElement): Promise<NojsPage> {
    const a = typeof name === "object" && "css" in name ? this.one(name.css, within) : this.link(name, within);
    const href = a.getAttribute("href");
    if (!href) throw new Error("The link has no href");
    return this.browser.goto(new URL(href, this.url).toString());
  }

  /** Opens another address from this page (relative to it). */
  goto(address: string): Promise<NojsPage> {
    return this.browser.goto(new URL(address, this.url).toString());
  }

  /**
   * A form of the page: by a selector, by the name of one of its submit buttons (`{ button }`), or the
   * only/first form in the drawer or the main content when no argument is given.
   */
  form(which?: string | { button: string | RegExp; within?: HTMLElement | null } | HTMLElement): NojsForm {
    let el: HTMLElement | null | undefined;
    if (which === undefined) el = this.$("[data-drawer] form") ?? this.$("[data-confirm] form") ?? this.$("main form") ?? this.$("form");
    else if (typeof which === "string") el = this.$(which);
    else if ("button" in which) {
      const wanted = which.button;
      el = (which.within ?? this.doc).querySelectorAll("form").find((f) => new NojsForm(this, f).buttons().some((b) => matches(nameOf(b), wanted)));
    } else el = which;
    if (el && el.tagName !== "FORM") throw new Error(`${el.tagName.toLowerCase()} is not a form`);
    if (!el)
      throw new Error(
        `No form ${typeof which === "object" && which && "button" in which ? `with a button "${which.button}"` : (which ?? "")} on ${this.url.pathname}${this.url.search}`,
      );
    return new NojsForm(this, el);
  }

  /** The control named `name` (or labelled `name`) anywhere on the page. */
  control(name: string): HTMLElement {
    return findControl(this.doc, this.doc, name);
  }

  /** The error text under a control: the element its aria-describedby points at that ends in "-error". */
  fieldError(name: string, within?: HTMLElement): string | null {
    const control = findControl(this.doc, within ?? this.doc, name);
    const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const id = ids.find((i) => i.endsWith("-error"));
    if (!id) return null;
    const el = this.doc.querySelector(`[id="${id}"]`);
    return el ? norm(el.text) : null;
  }

  /** The rows of the page's data table: not loading placeholders, nor the empty state's row ('No payments found'). */
  rows(): HTMLElement[] {
    return this.$$("table tbody tr").filter((r) => !r.hasAttribute("data-placeholder") && !r.hasAttribute("data-empty"));
  }

  /** The rows holding a text. */
  rowsWith(text: string): HTMLElement[] {
    return this.rows().filter((r) => norm(r.text).includes(text));
  }

  /** The text of one column of every row, top to bottom (column 1 is the selection checkbox). */
  column(n = 2): string[] {
    return this.rows().map((r) => norm(r.querySelectorAll("td")[n - 1]?.text));
  }

  /** The pager's range text, e.g. 'Showing 1–10 of 35'. */
  range(): string {
    return this.text("[data-range]");
  }

  /** A column header's aria-sort ('ascending', 'descending', 'none'). */
  sortOf(header: string): string | null {
    const th = this.$$("th").find((t) => norm(t.text).startsWith(header));
    return th?.getAttribute("aria-sort") ?? null;
  }
}

/** Whether a control belongs to a form: inside it without a form="…" of its own, or pointing at its id. */
function ownedBy(control: HTMLElement, form: HTMLElement, formId: string | undefined): boolean {
  const attr = control.getAttribute("form");
  if (attr !== undefined && attr !== null) return Boolean(formId) && attr === formId;
  let p: HTMLElement | null = control.parentNode as HTMLElement | null;
  while (p) {
    if (p === form) return true;
    p = p.parentNode as HTMLElement | null;
  }
  return false;
}

/** The text of the labels of a control (without a required asterisk). */
function labelsOf(doc: HTMLElement, control: HTMLElement): string[] {
  const out: string[] = [];
  const id = control.getAttribute("id");
  if (id) for (const l of doc.querySelectorAll(`label[for="${id}"]`)) out.push(norm(l.text));
  let p = control.parentNode as HTMLElement | null;
  while (p && p.tagName) {
    if (p.tagName === "LABEL") out.push(norm(p.text));
    p = p.parentNode as HTMLElement | null;
  }
  const aria = control.getAttribute("aria-label");
  if (aria) out.push(norm(aria));
  const labelledBy = control.getAttribute("aria-labelledby");
  if (labelledBy) for (const i of labelledBy.split(/\s+/)) out.push(norm(doc.querySelector(`[id="${i}"]`)?.text));
  return out.map((t) => t.replace(/\s*\*$/, ""));
}

function findControl(doc: HTMLElement, within: HTMLElement, name: string | RegExp, candidates?: HTMLElement[]): HTMLElement {
  const all = candidates ?? within.querySelectorAll("input, select, textarea, button");
  if (name instanceof RegExp) {
    const found = all.find((c) => labelsOf(doc, c).some((l) => name.test(l)));
    if (found) return found;
    throw new Error(`No control labelled ${name}`);
  }
  if (name.startsWith("#")) {
    const byId = all.find((c) => c.getAttribute("id") === name.slice(1));
    if (byId) return byId;
  }
  const byName = all.filter((c) => c.getAttribute("name") === name);
  if (byName.length) return byName[0];
  const byLabel = all.filter((c) => labelsOf(doc, c).includes(name));
  if (byLabel.length) return byLabel[0];
  throw new Error(`No control named or labelled "${name}"`);
}

export class NojsForm {
  private files = new Map<string, FileValue>();

  constructor(
    readonly page: NojsPage,
    readonly el: HTMLElement,
  ) {}

  private get id() {
    return this.el.getAttribute("id") ?? undefined;
  }

  /** The form's controls, in document order (those outside it with form="its id" included). */
  controls(): HTMLElement[] {
    const id = this.id;
    return this.page.doc.querySelectorAll("input, select, textarea, button").filter((c) => ownedBy(c, this.el, id));
  }

  /** The form's submit buttons. */
  buttons(): HTMLElement[] {
    return this.controls().filter((c) => {
      const type = (c.getAttribute("type") ?? (c.tagName === "BUTTON" ? "submit" : "")).toLowerCase();
      return (c.tagName === "BUTTON" && type === "submit") || (c.tagName === "INPUT" && (type === "submit" || type === "image"));
    });
  }

  /** The control named (or labelled) `name`, or `#id`; for radios and checkboxes sharing a name, the one whose value is `value`. */
  control(name: string | RegExp, value?: string): HTMLElement {
    if (value !== undefined && typeof name === "string") {
      const found = this.controls().find((c) => c.getAttribute("name") === name && (c.getAttribute("value") ?? "on") === value);
      if (!found) throw new Error(`No ${name}=${value} in the form`);
      return found;
    }
    return findControl(this.page.doc, this.el, name, this.controls());
  }

  /** Types into a text field or textarea (replacing what it held). */
  fill(name: string, value: string): this {
    const c = this.control(name);
    if (c.tagName === "TEXTAREA") c.set_content(escapeText(value));
    else if (c.tagName === "SELECT") return this.select(name, value);
    else c.setAttribute("value", value);
    return this;
  }

  /** Ticks (or unticks) a checkbox or picks a radio; `name` may be a label, or a name with `value`. */
  check(name: string | RegExp, on = true, value?: string): this {
    const c = this.control(name, value);
    const type = c.getAttribute("type");
    if (type === "radio" && on) {
      for (const r of this.controls().filter((x) => x.getAttribute("type") === "radio" && x.getAttribute("name") === c.getAttribute("name")))
        r.removeAttribute("checked");
    }
    if (on) c.setAttribute("checked", "");
    else c.removeAttribute("checked");
    return this;
  }

  uncheck(name: string, value?: string): this {
    return this.check(name, false, value);
  }

  /** Chooses options of a select by value or by their text (several for a multiple select). */
  select(name: string, ...values: string[]): this {
    const c = this.control(name);
    const options = c.querySelectorAll("option");
    const chosen = values.map((v) => options.find((o) => (o.getAttribute("value") ?? norm(o.text)) === v) ?? options.find((o) => norm(o.text) === v));
    if (chosen.some((o) => !o)) throw new Error(`No option ${values.join(", ")} in ${name} (${options.map((o) => o.getAttribute("value")).join(", ")})`);
    for (const o of options) o.removeAttribute("selected");
    for (const o of chosen) o!.setAttribute("selected", "");
    return this;
  }

  /** Attaches a file to a file input. */
  attach(name: string, file: FileValue): this {
    const c = this.control(name);
    this.files.set(c.getAttribute("name")!, file);
    return this;
  }

  /** The value a control would send now (a select's selected option; null for an unticked box). */
  value(name: string): string | null {
    const c = this.control(name);
    return valueOf(c);
  }

  /** Whether a checkbox or radio is ticked. */
  checked(name: string, value?: string): boolean {
    return this.control(name, value).hasAttribute("checked");
  }

  /** The fields the form sends, in order, as a browser builds them (`button` the clicked submit button). */
  entries(button?: HTMLElement): [string, string | FileValue][] {
    const out: [string, string | FileValue][] = [];
    for (const c of this.controls()) {
      const name = c.getAttribute("name");
      if (!name || c.hasAttribute("disabled") || closestDisabledFieldset(c, this.el)) continue;
      const type = (c.getAttribute("type") ?? "").toLowerCase();
      if (c.tagName === "BUTTON" || type === "submit" || type === "image" || type === "reset" || type === "button") {
        if (c === button) out.push([name, c.getAttribute("value") ?? ""]);
        continue;
      }
      if (type === "checkbox" || type === "radio") {
        if (c.hasAttribute("checked")) out.push([name, c.getAttribute("value") ?? "on"]);
        continue;
      }
      if (type === "file") {
        const f = this.files.get(name);
        out.push([name, f ?? { name: "", type: "application/octet-stream", content: "" }]);
        continue;
      }
      if (c.tagName === "SELECT") {
        const options = c.querySelectorAll("option").filter((o) => !o.hasAttribute("disabled"));
        const selected = options.filter((o) => o.hasAttribute("selected"));
        const chosen = selected.length ? selected : c.hasAttribute("multiple") ? [] : options.slice(0, 1);
        for (const o of c.hasAttribute("multiple") ? chosen : chosen.slice(0, 1)) out.push([name, o.getAttribute("value") ?? norm(o.text)]);
        continue;
      }
      out.push([name, valueOf(c) ?? ""]);
    }
    return out;
  }

  /**
   * Submits the form with the button named `button` (its name and value sent; its formaction, formmethod
   * and formenctype obeyed), or with none when left out (pressing Enter in a field).
   */
  async submit(button?: string | RegExp): Promise<NojsPage> {
    let b: HTMLElement | undefined;
    if (button !== undefined) {
      b = this.buttons().find((x) => matches(nameOf(x), button));
      if (!b) throw new Error(`No button "${button}" in the form (${this.buttons().map(nameOf).join(", ")})`);
    }
    const method = (b?.getAttribute("formmethod") ?? this.el.getAttribute("method") ?? "get").toUpperCase();
    const action = new URL(b?.getAttribute("formaction") ?? this.el.getAttribute("action") ?? "", this.page.url);
    const enctype = (b?.getAttribute("formenctype") ?? this.el.getAttribute("enctype") ?? "application/x-www-form-urlencoded").toLowerCase();
    const entries = this.entries(b);
    if (method === "GET") {
      const q = new URLSearchParams();
      for (const [k, v] of entries) q.append(k, typeof v === "string" ? v : v.name);
      action.search = q.toString();
      action.hash = "";
      return this.page.browser.goto(action.toString());
    }
    if (enctype === "multipart/form-data") {
      const fd = new FormData();
      for (const [k, v] of entries) {
        if (typeof v === "string") fd.append(k, v);
        else fd.append(k, new Blob([typeof v.content === "string" ? v.content : new Uint8Array(v.content)], { type: v.type }), v.name);
      }
      const res = new Response(fd);
      const data = Buffer.from(await res.arrayBuffer());
      return this.page.browser.request("POST", action, { data, type: res.headers.get("content-type")! });
    }
    const q = new URLSearchParams();
    for (const [k, v] of entries) q.append(k, typeof v === "string" ? v : v.name);
    return this.page.browser.request("POST", action, { data: q.toString(), type: "application/x-www-form-urlencoded" });
  }
}

function closestDisabledFieldset(c: HTMLElement, stop: HTMLElement): boolean {
  let p = c.parentNode as HTMLElement | null;
  while (p && p !== stop && p.tagName) {
    if (p.tagName === "FIELDSET" && p.hasAttribute("disabled")) return true;
    p = p.parentNode as HTMLElement | null;
  }
  return false;
}

function valueOf(c: HTMLElement): string | null {
  const type = (c.getAttribute("type") ?? "").toLowerCase();
  if (c.tagName === "TEXTAREA") return c.text.replace(/^\n/, "");
  if (c.tagName === "SELECT") {
    const options = c.querySelectorAll("option");
    const o = options.find((x) => x.hasAttribute("selected")) ?? options[0];
    return o ? (o.getAttribute("value") ?? norm(o.text)) : null;
  }
  if (type === "checkbox" || type === "radio") return c.hasAttribute("checked") ? (c.getAttribute("value") ?? "on") : null;
  return c.getAttribute("value") ?? "";
}

function escapeText(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The API as a signed-in user, to set up a test's own data. */
export async function apiAs(email: string = USERS.admin.email) {
  const login = await fetch(`${NOJS.api}/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`API sign-in of ${email}: ${login.status}`);
  const { token, user, tenant } = (await login.json()) as { token: string; user: { uuid: string }; tenant: { company: { uuid: string } } };
  async function call<T = unknown>(method: string, path: string, body?: unknown, expected?: number): Promise<T> {
    const res = await fetch(`${NOJS.api}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: "application/json", ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (expected !== undefined ? res.status !== expected : !res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return { token, userUuid: user.uuid, companyUuid: tenant.company.uuid, call };
}

/** A random token for the names of a test's own data (digits, never the letter 'a'). */
export function uniqueToken(): string {
  return `${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}nojs`;
}

/** The sandbox outbox of the API for one address, newest first. */
export async function outbox(to: string): Promise<{ id: number; to: string; subject: string; text: string; created_at: string }[]> {
  const res = await fetch(`${NOJS.api}/sandbox/outbox?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`The sandbox outbox answered ${res.status}`);
  return ((await res.json()) as { data: { id: number; to: string; subject: string; text: string; created_at: string }[] }).data;
}

/** The sign-in codes e-mailed to an address after message `afterId`, newest first (waits for one). */
export async function signInCodesSince(to: string, afterId: number): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const codes = (await outbox(to))
      .filter((m) => m.id > afterId)
      .map((m) => /Your sign-in code is (\d{6})/.exec(m.text)?.[1])
      .filter((c): c is string => Boolean(c));
    if (codes.length) return codes;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No sign-in code e-mailed to ${to}`);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** Each demo user's cookies after signing in once (tests/nojs/global-setup.ts). */
    nojsSignedIn: Partial<Record<UserKey, CookieJar>>;
  }
}
