import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, DiskStorage, MemoryStorage, STORAGE_KEY_PATTERN } from "#api/integrations/storage";
import { checkImageUpload, detectImage, MAX_IMAGE_BYTES } from "#api/integrations/storage/image";
import { HttpError } from "#api/http/errors";
import { createTestApi, type TestApi } from "../helpers/api";
import { pngBytes, TINY_PNG } from "../helpers/multipart";

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

describe("image check by magic numbers", () => {
  it.each([
    ["PNG", TINY_PNG, "image/png", "png"],
    ["JPEG", JPEG, "image/jpeg", "jpg"],
    ["GIF", GIF, "image/gif", "gif"],
    ["WebP", WEBP, "image/webp", "webp"],
  ])("%s is recognised from its bytes", (_name, bytes, contentType, extension) => {
    expect(detectImage(bytes)).toEqual({ contentType, extension });
  });

  it.each([
    ["SVG (can carry script)", SVG],
    ["text named .png", Buffer.from("this is not a picture")],
    ["a truncated PNG signature", TINY_PNG.subarray(0, 5)],
    ["RIFF that is not WebP", Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WAVE")])],
    ["nothing", Buffer.alloc(0)],
  ])("%s is refused", (_name, bytes) => {
    expect(detectImage(bytes)).toBeNull();
  });

  it("an upload check answers 422 on the field: wrong type, empty, larger than 2 MB", () => {
    const errorOf = (bytes: Buffer) => {
      try {
        checkImageUpload({ field: "logo", filename: "logo.png", mimetype: "image/png", bytes }, "logo");
      } catch (e) {
        expect(e).toBeInstanceOf(HttpError);
        return { status: (e as HttpError).statusCode, errors: (e as HttpError).errors };
      }
      return null;
    };
    expect(errorOf(TINY_PNG)).toBeNull();
    expect(errorOf(SVG)).toEqual({ status: 422, errors: { logo: ["The logo must be an image: PNG, JPEG, GIF or WebP."] } });
    expect(errorOf(Buffer.alloc(0))).toEqual({ status: 422, errors: { logo: ["The logo file is empty."] } });
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(errorOf(big)).toEqual({ status: 422, errors: { logo: ["The logo may not be larger than 2 MB."] } });
  });
});

describe("storage implementations", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ["disk", () => new DiskStorage(path.join(dir, "uploads"))],
    ["memory", () => new MemoryStorage()],
  ])("%s: put gives a fresh random key, get returns bytes and type, delete removes", async (_kind, make) => {
    const storage = make();
    const a = await storage.put(TINY_PNG, { contentType: "image/png", extension: "png" });
    const b = await storage.put(TINY_PNG, { contentType: "image/png", extension: "png" });
    expect(a).toMatch(STORAGE_KEY_PATTERN);
    expect(a.endsWith(".png")).toBe(true);
    expect(a).not.toBe(b);
    expect(await storage.get(a)).toEqual({ bytes: TINY_PNG, contentType: "image/png" });
    await storage.delete(a);
    expect(await storage.get(a)).toBeNull();
    await storage.delete(a); // deleting twice is fine
    expect(await storage.get(b)).not.toBeNull();
  });

  it("disk: files live under the uploads folder with the server's names only; odd keys never touch the disk", async () => {
    const uploads = path.join(dir, "uploads2");
    const storage = new DiskStorage(uploads);
    const key = await storage.put(pngBytes(2, 2), { contentType: "image/png", extension: "png" });
    expect(readdirSync(uploads)).toEqual([key]);
    for (const odd of ["../../etc/passwd", `${key}/..`, key.toUpperCase(), "", "a.png"]) {
      expect(await storage.get(odd)).toBeNull();
      await storage.delete(odd);
    }
    expect(readdirSync(uploads)).toEqual([key]);
    await expect(storage.put(TINY_PNG, { contentType: "image/png", extension: "../x" })).rejects.toThrow(/invalid extension/);
  });

  it("createStorage: disk under DATA_DIR/uploads, memory without a data folder", () => {
    const disk = createStorage(dir);
    expect(disk.kind).toBe("disk");
    expect((disk as DiskStorage).dir).toBe(path.join(dir, "uploads"));
    expect(createStorage(undefined).kind).toBe("memory");
  });
});

describe("GET /files/:key", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("tests run on the in-memory storage", () => {
    expect(api.app.storage.kind).toBe("memory");
  });

  it("serves a stored file publicly with its type, nosniff, inline disposition and a long cache", async () => {
    const key = await api.app.storage.put(TINY_PNG, { contentType: "image/png", extension: "png" });
    const res = await api.app.inject({ method: "GET", url: `/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${key}"`);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(res.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it("an unknown or malformed key answers 404", async () => {
    for (const key of ["0123456789abcdef0123456789abcdef.png", "nope", "..%2F..%2Fpackage.json", "%2e%2e"]) {
      const res = await api.request("GET", `/files/${key}`);
      expect(res.status, key).toBe(404);
      expect(res.body.message).toMatch(/not found/i);
    }
  });
});
