import type { FastifyReply } from "fastify";

/**
 * Sends a stored file so that a browser never runs it: its stored type with nosniff and a sandboxing CSP.
 * `disposition` says whether it opens in place (an image) or downloads; `cacheControl` who may keep it.
 */
export function sendStoredFile(reply: FastifyReply, bytes: Buffer, file: { contentType: string; disposition: string; cacheControl: string }) {
  return reply
    .header("Content-Type", file.contentType)
    .header("Content-Length", bytes.length)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Disposition", file.disposition)
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .header("Cache-Control", file.cacheControl)
    .send(bytes);
}

/** An attachment's Content-Disposition: the name as typed (RFC 5987), and a plain ASCII fallback. */
export const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
