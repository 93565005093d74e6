/**
 * A valid example of a zod (v4) schema, found by walking the schema and trying candidate values
 * against each leaf (so formats, regexes and limits the schema states are honoured without this file
 * knowing them). Used by the route matrix (a body valid enough to reach the record lookup) and by the
 * fuzz tests (valid-looking values to mutate).
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";

type Def = { type: string; [k: string]: any };
const defOf = (s: z.ZodType): Def => (s as any)._zod.def as Def;

export const NO_SAMPLE = Symbol("no sample");
type Sample = unknown | typeof NO_SAMPLE;

const STRING_CANDIDATES = () => [
  "Security check",
  "x",
  "1",
  "security.check@example.com",
  "2026-01-15",
  "2026-01-15T10:00:00Z",
  "2026-01-15T10:00:00.000Z",
  "10:00",
  "#0f4c81",
  "12-34-56",
  "123456",
  "12345678",
  "https://example.com",
  randomUUID(),
  "+44 20 7946 0101",
  "SW1A 1AA",
  "GB29NWBK60161331926819",
  "task",
  "individual",
  "company",
  "open",
  "security-check",
  "Security check with a longer text, enough for every minimum length a form might ask for in this portal.",
];
const NUMBER_CANDIDATES = [1, 2, 10, 100, 0, 0.5, 2026, 5000];

function valid(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/** A value the schema accepts, or NO_SAMPLE. `full` also fills optional object keys. */
export function sample(schema: z.ZodType, full = false, depth = 0): Sample {
  if (depth > 8) return NO_SAMPLE;
  const def = defOf(schema);
  const next = (s: z.ZodType, f = full) => sample(s, f, depth + 1);
  switch (def.type) {
    case "string": {
      for (const c of STRING_CANDIDATES()) if (valid(schema, c)) return c;
      // A minimum length none of the candidates meets.
      for (const n of [200, 1000]) if (valid(schema, "x".repeat(n))) return "x".repeat(n);
      return NO_SAMPLE;
    }
    case "number":
    case "int":
    case "bigint":
      for (const c of NUMBER_CANDIDATES) if (valid(schema, c)) return c;
      for (const c of NUMBER_CANDIDATES) if (valid(schema, String(c))) return String(c);
      return NO_SAMPLE;
    case "boolean":
      return valid(schema, true) ? true : valid(schema, false) ? false : valid(schema, "1") ? "1" : NO_SAMPLE;
    case "enum": {
      const values = Object.values(def.entries as Record<string, unknown>);
      return values.find((v) => valid(schema, v)) ?? NO_SAMPLE;
    }
    case "literal":
      return (def.values as unknown[]).find((v) => valid(schema, v)) ?? NO_SAMPLE;
    case "null":
      return null;
    case "undefined":
    case "void":
      return undefined;
    case "any":
    case "unknown":
      return "x";
    case "date":
      return "2026-01-15";
    case "optional":
      return full ? next(def.innerType) : undefined;
    case "nullable":
    case "readonly":
    case "nonoptional":
    case "catch":
      return next(def.innerType);
    case "default":
    case "prefault":
      return full ? next(def.innerType) : undefined;
    case "lazy":
      return next(def.getter());
    case "pipe": {
      // z.preprocess(fn, s) and z.x().transform(): try what either side suggests, then plain candidates.
      const candidates = [next(def.in), next(def.out), next(def.in, !full), next(def.out, !full), ...STRING_CANDIDATES(), ...NUMBER_CANDIDATES, true, null];
      return candidates.find((c) => c !== NO_SAMPLE && valid(schema, c)) ?? NO_SAMPLE;
    }
    case "transform":
      return "x";
    case "array": {
      const item = next(def.element);
      if (item === NO_SAMPLE) return valid(schema, []) ? [] : NO_SAMPLE;
      for (const arr of [[item], [], [item, item]]) if (valid(schema, arr)) return arr;
      return [item];
    }
    case "tuple":
      return (def.items as z.ZodType[]).map((i) => next(i));
    case "record":
      return {};
    case "union": {
      for (const option of def.options as z.ZodType[]) {
        const v = next(option);
        if (v !== NO_SAMPLE && valid(option, v)) return v;
      }
      return NO_SAMPLE;
    }
    case "intersection": {
      const l = next(def.left);
      const r = next(def.right);
      return typeof l === "object" && typeof r === "object" ? { ...(l as object), ...(r as object) } : l;
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, s] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (!full && valid(s, undefined)) continue;
        const v = next(s);
        if (v === NO_SAMPLE) return NO_SAMPLE;
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    default:
      return NO_SAMPLE;
  }
}

/** A valid example: the minimal one (required keys only), else one with every key filled. */
export function validExample(schema: z.ZodType): Sample {
  for (const full of [false, true]) {
    const v = sample(schema, full);
    if (v !== NO_SAMPLE && valid(schema, v)) return v;
  }
  return NO_SAMPLE;
}

/** The keys of an object schema (through optional/default/pipe wrappers), or []. */
export function objectKeys(schema: z.ZodType | undefined): string[] {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i < 6; i++) {
    const def = defOf(s);
    if (def.type === "object") return Object.keys(def.shape);
    s = def.innerType ?? def.in ?? (def.type === "lazy" ? def.getter() : undefined);
  }
  return [];
}

/** The schema of one key of an object schema (through wrappers), if any. */
export function keySchema(schema: z.ZodType | undefined, key: string): z.ZodType | undefined {
  let s: z.ZodType | undefined = schema;
  for (let i = 0; s && i < 6; i++) {
    const def = defOf(s);
    if (def.type === "object") return def.shape[key];
    s = def.innerType ?? def.in ?? (def.type === "lazy" ? def.getter() : undefined);
  }
  return undefined;
}
