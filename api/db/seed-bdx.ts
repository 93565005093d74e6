import { eq } from "drizzle-orm";
import { columnsKeyOf } from "../modules/bdx/rows";
import type { Database } from "./client";
import { bdxMaps, companies, offPlatformPolicies } from "./schema";

/** The columns of the demo bordereau (tests/fixtures/bdx/*), which the saved map reads. */
const DEMO_COLUMNS = ["Policy No", "Insured Name", "Client Type", "Product", "Insurer", "Gross Premium", "IPT %", "Inception Date", "Expiry Date", "Status"];

/**
 * Harbour Brokers' off-platform policies (placed outside the platform, recorded by hand) and one saved bordereau
 * map, "Monthly insurer bordereau", that fits the demo files: uploading one imports it without mapping again.
 */
export async function seedBdx(database: Database) {
  const [harbour] = await database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, "Harbour Brokers"));
  if (!harbour) return;
  const tenantId = harbour.id;
  const year = new Date().getUTCFullYear();
  const policy = (
    n: number,
    clientName: string,
    clientType: "individual" | "company",
    productName: string,
    insurer: string,
    premiumPence: number,
    state: string,
    month: number,
  ) => ({
    tenantId,
    policyNumber: `OFF-${year}-${String(n).padStart(4, "0")}`,
    productName,
    insurer,
    classOfBusiness: clientType === "company" ? "Commercial" : "Personal lines",
    state,
    clientType,
    clientName,
    clientEmail: clientType === "company" ? `office@${clientName.toLowerCase().replace(/[^a-z]/g, "")}.test` : null,
    inceptionDate: `${year}-${String(month).padStart(2, "0")}-01`,
    renewalDate: `${year + 1}-${String(month).padStart(2, "0")}-01`,
    premiumPence,
    iptRate: 12,
    feesPence: 5000,
    notes: "Placed directly with the insurer before the platform.",
  });
  await database.db
    .insert(offPlatformPolicies)
    .values([
      policy(1, "Harbour Marine Ltd", "company", "Marine Cargo", "Aviva", 425000, "BOUND", 2),
      policy(2, "Quayside Cafés Ltd", "company", "Shop Insurance", "AXA", 98050, "RENEWAL", 3),
      policy(3, "Zoë Brontë", "individual", "Home Insurance", "Hiscox", 48000, "BOUND", 4),
      policy(4, "Lighthouse Logistics", "company", "Fleet", "Zurich", 1230000, "COOLING_OFF", 5),
      policy(5, "Ravi Patel", "individual", "Landlord", "Allianz", 64000, "QUOTE", 6),
      policy(6, "Anchor Yard plc", "company", "Property Owners", "RSA", 315075, "CANCELLED", 1),
    ])
    .onConflictDoNothing();
  await database.db
    .insert(bdxMaps)
    .values({
      tenantId,
      name: "Monthly insurer bordereau",
      map: {
        policy_number: "Policy No",
        client_name: "Insured Name",
        client_type: "Client Type",
        product_name: "Product",
        insurer: "Insurer",
        premium: "Gross Premium",
        ipt_rate: "IPT %",
        inception_date: "Inception Date",
        renewal_date: "Expiry Date",
        state: "Status",
      },
      selectedProducts: ["Marine Cargo", "Home Insurance", "Fleet"],
      columnsKey: columnsKeyOf(DEMO_COLUMNS),
    })
    .onConflictDoNothing();
}
