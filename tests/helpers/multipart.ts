import { deflateSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { TestResponse } from "./api";

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of width × height opaque pixels, built byte by byte (signature, IHDR, IDAT, IEND). */
export function pngBytes(width = 1, height = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x7f)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 1×1 PNG. */
export const TINY_PNG = pngBytes();

export type FormValue = string | string[] | { file: Buffer; filename: string; type?: string };

/**
 * Sends a multipart/form-data request the way a browser form (or the portal) does: text fields,
 * repeated fields for lists, files with a name and a declared type.
 */
export async function sendMultipart(
  app: FastifyInstance,
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, FormValue>,
  token?: string,
): Promise<TestResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else if (Array.isArray(value)) for (const v of value) form.append(name, v);
    else form.append(name, new Blob([new Uint8Array(value.file)], { type: value.type ?? "application/octet-stream" }), value.filename);
  }
  const encoded = new Response(form);
  const headers: Record<string, string> = { "content-type": encoded.headers.get("content-type")! };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await app.inject({ method, url, headers, payload: Buffer.from(await encoded.arrayBuffer()) });
  let body: any;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, text: res.body, headers: res.headers };
}
