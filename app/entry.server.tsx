import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { clientAddress as clientAddressOf } from "./lib/client-address";
import { NonceProvider } from "./lib/nonce";
import { refusalOf } from "./lib/request-refusal";
import { config } from "./services/config.server";
import { noStore, securityHeaders, withSecurityHeaders } from "./services/security.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = randomBytes(16).toString("base64");
  // The portal's loaders return plain data (nothing deferred), so the whole document is ready as soon as
  // the shell is: it is rendered to one buffer and sent in one write (streaming it chunk by chunk through
  // web streams and the compressor cost more CPU than rendering it).
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              securityHeaders(responseHeaders, request, nonce);
              noStore(responseHeaders);
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * A request no route should see, answered before any route runs (our patch to @remix-run/server-runtime calls
 * it): a change whose Origin is not a URL (403) or whose body is not a form an action can read (415, 400).
 */
export function refuseRequest(request: Request): Response | null {
  const refusal = refusalOf(request.method, request.headers);
  if (!refusal) return null;
  return new Response(refusal.message, { status: refusal.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Every other answer (data requests, resource routes, redirects) gets the document's security headers. */
export function handleResponse(response: Response, { request }: { request: Request }) {
  return withSecurityHeaders(response, request);
}

const assetHeadersByProtocol = new Map<string, Record<string, string>>();

/**
 * The security headers of a static file (scripts, styles, images), for remix-serve's static handler
 * (our patch to @remix-run/serve calls it): the same as every other answer's, HSTS behind HTTPS.
 */
export function assetHeaders(protocol: string): Record<string, string> {
  const scheme = protocol === "https" ? "https" : "http";
  let headers = assetHeadersByProtocol.get(scheme);
  if (!headers) {
    const wanted = new Headers();
    securityHeaders(wanted, new Request(`${scheme}://portal.invalid/`));
    headers = Object.fromEntries(wanted);
    assetHeadersByProtocol.set(scheme, headers);
  }
  return headers;
}

/**
 * The visitor's address for remix-serve (our patch to @remix-run/serve calls it and puts the answer in the
 * X-Portal-Client-Address header, dropping any the visitor sent): the connection's, or behind a proxy of
 * PORTAL_TRUSTED_PROXIES the address that proxy saw.
 */
export function clientAddress(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): string | null {
  return clientAddressOf(remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor, config.PORTAL_TRUSTED_PROXIES);
}

/** Logs server errors once, without sending stacks to the browser. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Response) return;
  // Remix's own cross-site request guard: the refusal is expected, a one-line note is enough (no stack).
  if (error instanceof Error && /does not match `origin` header|headers are not provided/.test(error.message)) {
    console.warn(`Refused a ${request.method} to ${new URL(request.url).pathname} from another origin (${request.headers.get("origin")}).`);
    return;
  }
  console.error(error);
}
