/** Factories and readers for the quotes and invoices API tests. */
import { and, desc, eq } from "drizzle-orm";
import { outboxMessages, salesDocuments, salesNumberCounters } from "#api/db/schema";
import type { Permission } from "#contract/permissions";
import type { TestApi } from "./api";
import { emptyTenant, makeCompany, makeIndividual } from "./crm";

let counter = 0;
export const unique = (prefix: string) => `${prefix} ${++counter}${Date.now().toString(36).slice(-4)}`;

/** An individual client with an e-mail address (or none). */
export async function client(api: TestApi, tenantId: number, email: string | null = `client.${++counter}.${Date.now()}@example.test`) {
  const id = await makeIndividual(api, tenantId, "Clara", unique("Client"), email ?? undefined);
  return { id, email };
}

/** A fresh company whose user holds `perms`, with an individual client that has an e-mail address. */
export async function companyWithClient(api: TestApi, perms: Permission[]) {
  const user = await emptyTenant(api, perms);
  return { ...user, client: await client(api, user.tenantId) };
}

export async function companyClient(api: TestApi, tenantId: number) {
  return makeCompany(api, tenantId, unique("Client Co"));
}

export const item = (over: Record<string, unknown> = {}) => ({ description: "Consultation", quantity: "1", unit_price_pence: 10000, vat_rate: 20, ...over });

export async function create(api: TestApi, token: string, path: "/simple-quotes" | "/simple-invoices", body: Record<string, unknown>) {
  const res = await api.request("POST", path, { token, body });
  if (res.status !== 201) throw new Error(`create ${path}: ${res.status} ${res.text}`);
  return res.body.data as Record<string, any> & { id: number };
}

/** The text a PDF (uncompressed, as pdfkit writes it here) shows: each text run decoded, one per line. */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const runs: string[] = [];
  for (const m of source.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)) {
    const hex = [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join("");
    runs.push(Buffer.from(hex, "hex").toString("latin1"));
  }
  return runs.join("\n");
}

export async function lastMail(api: TestApi, to: string) {
  const [m] = await api.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, to.toLowerCase()))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return m;
}

export async function counterOf(api: TestApi, tenantId: number, kind: "quote" | "invoice") {
  const [c] = await api.database.db
    .select()
    .from(salesNumberCounters)
    .where(and(eq(salesNumberCounters.tenantId, tenantId), eq(salesNumberCounters.kind, kind)));
  return c?.lastNumber ?? 0;
}

export async function rowOf(api: TestApi, id: number) {
  const [r] = await api.database.db.select().from(salesDocuments).where(eq(salesDocuments.id, id));
  return r;
}
