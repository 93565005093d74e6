/**
 * Demo clients of the demo tenants: individuals and companies with contacts (primary contacts with job
 * titles), lines of business with commission splits, compliance records, notes and e-mail history.
 *
 * Deterministic: every choice comes from a seeded generator, so each run gives the same book (only the
 * dates move with today). Rows go in with a few multi-row INSERTs per table, so seeding stays fast.
 * Telephone numbers are from Ofcom's drama ranges and e-mail domains are .example: nothing here reaches
 * a real person or company.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { LINE_TYPES, SPLIT_PARTY_TYPES } from "#contract/clients";
import type { Database, Tx } from "./client";
import {
  clientCompanies,
  companies,
  companyCompliance,
  companyIndividuals,
  companyLines,
  companyLineSplits,
  companyTypes,
  emailMessages,
  emailThreads,
  employeeSizes,
  individuals,
  industries,
  jobTitles,
  notes,
  trades,
  users,
} from "./schema";

/** How many clients each demo tenant gets; a small business gets customers but no insurance lines. */
export const DEMO_CLIENT_BOOKS: Record<string, { individuals: number; companies: number; smallBusiness?: boolean }> = {
  "Harbour Brokers": { individuals: 300, companies: 300 },
  "Northgate Advisers": { individuals: 100, companies: 100 },
  "Bloom Bakery Ltd": { individuals: 100, companies: 100, smallBusiness: true },
};

/** mulberry32: a small, fast, seeded generator. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof generator>;

// prettier-ignore
const FIRST_NAMES = [
  "Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Noah", "Mia", "Jack", "Ivy", "Leo", "Freya", "Arthur", "Lily", "Muhammad",
  "Florence", "Oscar", "Willow", "Charlie", "Rosie", "Henry", "Sophia", "Theo", "Isabella", "Thomas", "Grace", "Alfie", "Evie",
  "Joshua", "Poppy", "William", "Ella", "James", "Daisy", "Archie", "Sienna", "Edward", "Alice", "Samuel", "Harriet", "Aarav",
  "Priya", "Rohan", "Anjali", "Kwame", "Ama", "Chidi", "Ngozi", "Tomasz", "Zofia", "Siobhan", "Ciaran", "Eilidh", "Callum",
  "Rhys", "Cerys", "Dylan", "Megan", "Fatima", "Yusuf", "Hannah", "David", "Sarah", "Michael", "Rebecca", "Paul", "Claire",
];
// prettier-ignore
const LAST_NAMES = [
  "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Robinson", "Wright", "Thompson", "Evans",
  "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson", "Clarke", "Patel", "Khan", "Lewis", "James", "Phillips",
  "Mason", "Mitchell", "Rose", "Davis", "Rodriguez", "Cox", "Ali", "Shah", "Begum", "Hussain", "Kaur", "Singh", "O'Brien",
  "Murphy", "Kelly", "MacDonald", "Campbell", "Stewart", "Morgan", "Hughes", "Price", "Griffiths", "Okafor", "Mensah",
  "Nowak", "Kowalski", "Chen", "Wong", "Harrison", "Fletcher", "Baker", "Turner", "Ward", "Cooper", "Bennett", "Carter",
];

/** Towns with a county, postcode districts and a drama-range telephone prefix. */
const TOWNS: { town: string; county: string; districts: string[]; phone: string }[] = [
  { town: "London", county: "Greater London", districts: ["SE1", "N1", "E14", "SW11", "W4", "NW3"], phone: "020 7946 0" },
  { town: "Manchester", county: "Greater Manchester", districts: ["M1", "M4", "M20", "M15"], phone: "0161 496 0" },
  { town: "Leeds", county: "West Yorkshire", districts: ["LS1", "LS6", "LS11"], phone: "0113 496 0" },
  { town: "Birmingham", county: "West Midlands", districts: ["B1", "B15", "B30"], phone: "0121 496 0" },
  { town: "Bristol", county: "Bristol", districts: ["BS1", "BS6", "BS8"], phone: "0117 496 0" },
  { town: "Southampton", county: "Hampshire", districts: ["SO14", "SO15", "SO17"], phone: "023 8049 6" },
  { town: "Portsmouth", county: "Hampshire", districts: ["PO1", "PO4", "PO5"], phone: "023 9249 6" },
  { town: "Nottingham", county: "Nottinghamshire", districts: ["NG1", "NG5", "NG7"], phone: "0115 496 0" },
  { town: "Sheffield", county: "South Yorkshire", districts: ["S1", "S10", "S11"], phone: "0114 496 0" },
  { town: "Newcastle upon Tyne", county: "Tyne and Wear", districts: ["NE1", "NE2", "NE6"], phone: "0191 498 0" },
  { town: "Cardiff", county: "South Glamorgan", districts: ["CF10", "CF11", "CF24"], phone: "029 2018 0" },
  { town: "Norwich", county: "Norfolk", districts: ["NR1", "NR2", "NR3"], phone: "01632 960" },
  { town: "Exeter", county: "Devon", districts: ["EX1", "EX2", "EX4"], phone: "01632 960" },
  { town: "York", county: "North Yorkshire", districts: ["YO1", "YO10", "YO31"], phone: "01632 960" },
];
// prettier-ignore
const STREETS = [
  "High Street", "Station Road", "Church Lane", "Victoria Road", "Mill Lane", "Park Avenue", "King Street", "Queen's Road",
  "The Green", "London Road", "Harbour Way", "Orchard Close", "Chapel Street", "Bridge Street", "Market Place", "Riverside",
];
const UNIT_WORDS = ["Unit", "Suite", "Floor"];

// prettier-ignore
const PREFIXES = [
  "Ashford", "Beacon", "Brookside", "Castlegate", "Cedar", "Cobalt", "Cornerstone", "Crown", "Elmwood", "Fairway", "Foxglove",
  "Granite", "Hawthorn", "Highfield", "Ironbridge", "Kestrel", "Lakeside", "Larch", "Meadow", "Millstone", "Northwind",
  "Oakleaf", "Orchard", "Pennine", "Quayside", "Redbrick", "Riverside", "Saltmarsh", "Silverdale", "Southgate", "Stonebridge",
  "Thistle", "Trinity", "Wessex", "Westbury", "Willow", "Windmill", "Yew Tree", "Harbourside", "Blackthorn", "Bramble", "Clearwater",
];
/** A word for the business by trade name, so names read right ("Kestrel Plumbing"). */
// prettier-ignore
const TRADE_WORDS: Record<string, string[]> = {
  Builder: ["Builders", "Construction"], Electrician: ["Electrical", "Electrics"], Plumber: ["Plumbing", "Heating"],
  Roofer: ["Roofing"], Joiner: ["Joinery"], Scaffolder: ["Scaffolding"], Bakery: ["Bakery", "Bakehouse"], Brewery: ["Brewing Co", "Brewery"],
  Butcher: ["Butchers"], Caterer: ["Catering"], "Food manufacturer": ["Foods"], "Care home": ["Care Home", "Care"],
  "Dental practice": ["Dental Practice", "Dental"], "GP surgery": ["Medical Practice"], Physiotherapist: ["Physiotherapy"],
  Pharmacy: ["Pharmacy"], "Café": ["Café", "Coffee House"], Hotel: ["Hotel"], "Public house": ["Inn", "Arms"],
  Restaurant: ["Kitchen", "Bistro"], Takeaway: ["Takeaway"], "IT consultant": ["IT Solutions"], "Managed service provider": ["Networks"],
  "Software developer": ["Software", "Digital"], "Web designer": ["Web Design"], "Engineering works": ["Engineering"],
  "Furniture maker": ["Furniture"], "Metal fabricator": ["Fabrications"], Printer: ["Print"], "Textile manufacturer": ["Textiles"],
  "Car dealer": ["Motors"], "Garage and repairs": ["Garage", "Autos"], "MOT centre": ["MOT Centre"], Valeting: ["Valeting"],
  Architect: ["Architects"], Consultant: ["Consulting"], "Estate agent": ["Estates", "Property Agents"], "Recruitment agency": ["Recruitment"],
  Solicitor: ["Solicitors", "Law"], Surveyor: ["Surveyors"], Landlord: ["Lettings"], "Property developer": ["Developments"],
  "Property management": ["Property Management"], "Clothing shop": ["Clothing", "Boutique"], "Convenience store": ["Stores"],
  Florist: ["Florists", "Flowers"], "Hardware shop": ["Hardware"], Newsagent: ["News"], "Online retailer": ["Online"],
  Courier: ["Couriers"], Haulier: ["Haulage"], Removals: ["Removals"], "Taxi operator": ["Cars"], Warehousing: ["Storage", "Logistics"],
  "Cash and carry": ["Cash & Carry"], "Food wholesaler": ["Food Supplies"], "Building supplies": ["Building Supplies"],
  Accountant: ["Accountants"], "Financial adviser": ["Financial Planning", "Wealth"], "Insurance broker": ["Insurance Brokers"],
  "Mortgage broker": ["Mortgages"], "Arable farming": ["Farms"], "Dairy farming": ["Dairy"], "Livestock farming": ["Farm"],
  Horticulture: ["Nurseries", "Gardens"], "Charity shop": ["Trust"], "Community group": ["Community Association"], "Sports club": ["Sports Club"],
  Nursery: ["Nursery"], "Private school": ["School"], "Training provider": ["Training"], Tutor: ["Tuition"],
};
/** The customers a bakery sells to. */
const SMALL_BUSINESS_TRADES = [
  "Café",
  "Hotel",
  "Public house",
  "Restaurant",
  "Caterer",
  "Convenience store",
  "Care home",
  "Nursery",
  "Private school",
  "Food wholesaler",
];

const INSURERS = [
  "Aviva",
  "Allianz",
  "AXA",
  "Zurich",
  "RSA",
  "Hiscox",
  "Markel",
  "QBE",
  "Chubb",
  "Ecclesiastical",
  "Ageas",
  "NFU Mutual",
  "Covea Insurance",
  "LV= Broker",
];
const NETWORKS = ["Brokerbility", "Broker Network", "Countrywide Network", "Willis Network", "Purely Commercial Network"];
const INTRODUCERS = ["Fairweather Accountants", "Mason & Hale Solicitors", "Kestrel Business Advisers", "Northern Rose Bank"];

const INDIVIDUAL_NOTES = [
  "Called to discuss the renewal; happy with cover, wants a quote for contents as well.",
  "Prefers e-mail after 5 pm. Sent the welcome pack.",
  "Moving house in the spring: update the address before the renewal.",
  "Asked about income protection; booked a review meeting.",
  "ID documents checked and copied to the file.",
  "Referred by an existing client; mention the referral thank-you.",
  "Left a voicemail about the missing direct debit form.",
];
const COMPANY_NOTES = [
  "Annual review done: turnover up about 15%, two new vans on the fleet.",
  "Director asked for cyber cover after a phishing attempt last month.",
  "Waiting for the risk survey before the property renewal.",
  "Claims history for the last five years received.",
  "Premium finance agreed for this year's renewal.",
  "New site opening in the autumn; check whether the property schedule needs it.",
  "Health and safety certificate expires soon: chase a copy.",
];
const CUSTOMER_NOTES = [
  "Standing order: 40 sourdough loaves every Friday.",
  "Asked for a gluten-free range; sent the price list.",
  "Pays on 30-day terms; invoice to the accounts address.",
  "Wedding cake tasting booked for next month.",
  "Deliveries before 7 am through the side door.",
];

const slug = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const pad = (n: number | string, w: number) => String(n).padStart(w, "0");
const dateText = (d: Date) => d.toISOString().slice(0, 10);
const DAY = 24 * 60 * 60 * 1000;

function postcode(rng: Rng, district: string) {
  return `${district} ${rng.int(1, 9)}${rng.pick(["AB", "DF", "HJ", "LN", "PR", "TW", "XY", "BG", "QU", "EZ"])}`;
}

function address(rng: Rng) {
  const place = rng.pick(TOWNS);
  return {
    place,
    addressLine1: `${rng.int(1, 180)} ${rng.pick(STREETS)}`,
    town: place.town,
    county: place.county,
    postcode: postcode(rng, rng.pick(place.districts)),
  };
}

/** Inserts in chunks (a multi-row INSERT each), returning the generated ids in order. */
async function insertMany<T>(rows: T[], insert: (chunk: T[]) => Promise<{ id: number }[]>, size = 250): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) ids.push(...(await insert(rows.slice(i, i + size))).map((r) => r.id));
  return ids;
}

async function chunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Seeds the client book of every demo tenant found by name. */
export async function seedClients(database: Database) {
  const tenants = await database.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.name, Object.keys(DEMO_CLIENT_BOOKS)))
    .orderBy(asc(companies.id));
  const [types, sizes, titles, tradeRows] = await Promise.all([
    database.db.select().from(companyTypes).orderBy(asc(companyTypes.id)),
    database.db.select().from(employeeSizes).orderBy(asc(employeeSizes.sortOrder)),
    database.db.select().from(jobTitles),
    database.db
      .select({ id: trades.id, name: trades.name, industryId: trades.industryId, industry: industries.name })
      .from(trades)
      .innerJoin(industries, eq(industries.id, trades.industryId))
      .orderBy(asc(trades.id)),
  ]);
  const lookups = { types, sizes, titles, tradeRows };
  for (const [index, tenant] of tenants.entries()) {
    await database.transaction((tx) => seedTenant(tx, tenant, DEMO_CLIENT_BOOKS[tenant.name]!, lookups, 20260101 + index * 7919));
  }
}

type Lookups = {
  types: (typeof companyTypes.$inferSelect)[];
  sizes: (typeof employeeSizes.$inferSelect)[];
  titles: (typeof jobTitles.$inferSelect)[];
  tradeRows: { id: number; name: string; industryId: number; industry: string }[];
};

async function seedTenant(tx: Tx, tenant: { id: number; name: string }, book: (typeof DEMO_CLIENT_BOOKS)[string], lk: Lookups, seed: number) {
  const rng = generator(seed);
  const now = Date.now();
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenant.id), eq(users.status, "active")))
    .orderBy(asc(users.id));
  const staffIds = staff.map((s) => s.id);
  const owner = (i: number) => staffIds[i % staffIds.length]!;
  const typeId = (name: string) => lk.types.find((t) => t.name === name && t.tenantId === null)!.id;
  const titleId = (name: string) => lk.titles.find((t) => t.name === name)!.id;

  // --- Individuals -------------------------------------------------------------------------------------
  const people = Array.from({ length: book.individuals }, (_, i) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const where = address(rng);
    const created = new Date(now - (book.individuals - i) * 2.3 * DAY - rng.int(0, 20) * 3600_000);
    const born = new Date(Date.UTC(rng.int(1948, 2002), rng.int(0, 11), rng.int(1, 28)));
    const hasEmail = rng.chance(0.9);
    return {
      tenantId: tenant.id,
      firstName: first,
      lastName: last,
      email: hasEmail ? `${slug(first)}.${slug(last)}${i + 1}@mail.example` : null,
      telephone: rng.chance(0.85) ? `07700 900${pad(rng.int(0, 999), 3)}` : null,
      dateOfBirth: rng.chance(0.8) ? dateText(born) : null,
      addressLine1: where.addressLine1,
      addressLine2: null,
      town: where.town,
      county: where.county,
      postcode: where.postcode,
      ownerUserId: owner(i),
      archivedAt: i % 20 === 19 ? new Date(created.getTime() + 30 * DAY) : null,
      portalInvitedAt: hasEmail && i % 10 === 3 ? new Date(created.getTime() + 7 * DAY) : null,
      createdAt: created,
      updatedAt: new Date(created.getTime() + (rng.int(0, 40) * DAY) / 4),
    };
  });
  const personIds = await insertMany(people, (chunk) => tx.insert(individuals).values(chunk).returning({ id: individuals.id }));

  // --- Companies -----------------------------------------------------------------------------------------
  const tradePool = book.smallBusiness ? lk.tradeRows.filter((t) => SMALL_BUSINESS_TRADES.includes(t.name)) : lk.tradeRows;
  const usedNames = new Set<string>();
  const companyRows = Array.from({ length: book.companies }, (_, i) => {
    const trade = rng.pick(tradePool);
    const word = rng.pick(TRADE_WORDS[trade.name] ?? [trade.name]);
    const typeName = rng.pick([
      "Private limited company",
      "Private limited company",
      "Private limited company",
      "Limited liability partnership",
      "Partnership",
      "Sole trader",
      "Public limited company",
      "Charity",
    ]);
    const suffix =
      { "Private limited company": " Ltd", "Public limited company": " PLC", "Limited liability partnership": " LLP", Partnership: " & Co" }[typeName] ?? "";
    const where = address(rng);
    let name = `${rng.pick(PREFIXES)} ${word}${suffix}`;
    if (usedNames.has(name)) name = `${rng.pick(PREFIXES)} ${word} (${where.town})${suffix}`;
    if (usedNames.has(name)) name = `${name.replace(suffix, "")} ${i + 1}${suffix}`;
    usedNames.add(name);
    const domain = `${slug(name.replace(/ (Ltd|PLC|LLP)$/, ""))}.example`;
    const registered = ["Private limited company", "Public limited company", "Limited liability partnership"].includes(typeName);
    const sizeIndex = typeName === "Sole trader" ? 0 : typeName === "Public limited company" ? rng.int(3, 5) : rng.int(1, 3);
    const created = new Date(now - (book.companies - i) * 2.1 * DAY - rng.int(0, 20) * 3600_000);
    const hasBank = rng.chance(0.6);
    const isBroker = !book.smallBusiness && (trade.name === "Insurance broker" || trade.name === "Mortgage broker" || trade.name === "Financial adviser");
    const ar = isBroker && rng.chance(0.5);
    const channel = rng.pick(["email", "email", "telephone", "post", "sms", null] as const);
    return {
      tenantId: tenant.id,
      name,
      typeId: typeId(typeName),
      employeeSizeId: lk.sizes[sizeIndex]!.id,
      industryId: trade.industryId,
      tradeId: trade.id,
      registrationNumber: registered
        ? typeName === "Limited liability partnership"
          ? `OC${pad(rng.int(300000, 449999), 6)}`
          : pad(rng.int(1000000, 15999999), 8)
        : null,
      website: rng.chance(0.75) ? `https://www.${domain}/` : null,
      email: rng.chance(0.85) ? `${rng.pick(["info", "hello", "office", "accounts"])}@${domain}` : null,
      telephone: `${where.place.phone}${pad(rng.int(0, 999), 3)}`,
      addressLine1: rng.chance(0.3) ? `${rng.pick(UNIT_WORDS)} ${rng.int(1, 24)}, ${where.addressLine1}` : where.addressLine1,
      addressLine2: null,
      town: where.town,
      county: where.county,
      postcode: where.postcode,
      ownerUserId: owner(i + 1),
      companyBrandingColour: rng.chance(0.2) ? `#${pad(rng.int(0, 0xffffff).toString(16), 6)}` : null,
      accountName: hasBank ? name.slice(0, 70) : null,
      accountNumber: hasBank ? pad(rng.int(10000000, 99999999), 8) : null,
      sortCode: hasBank ? `${pad(rng.int(10, 99), 2)}-${pad(rng.int(0, 99), 2)}-${pad(rng.int(0, 99), 2)}` : null,
      fcaNumber: isBroker ? String(rng.int(300000, 999999)) : null,
      network: isBroker && !ar ? rng.pick(NETWORKS) : null,
      appointedRepresentative: ar,
      principalFirm: ar ? rng.pick(["Harbourside Insurance Services Ltd", "Pennine Principal Ltd", "Wessex Compliance Ltd"]) : null,
      preferredChannel: channel,
      marketingEmail: rng.chance(0.5),
      marketingSms: rng.chance(0.2),
      marketingTelephone: rng.chance(0.3),
      marketingPost: rng.chance(0.25),
      consentUpdatedAt: created,
      createdAt: created,
      updatedAt: new Date(created.getTime() + (rng.int(0, 40) * DAY) / 4),
    };
  });
  const companyIds = await insertMany(companyRows, (chunk) => tx.insert(clientCompanies).values(chunk).returning({ id: clientCompanies.id }));

  // --- Contacts: most individuals are the primary contact of one company; some are contacts of more;
  // the last 15% are private clients with no company. -----------------------------------------------------
  const linked = Math.floor(book.individuals * 0.85);
  const primaryTitles = book.smallBusiness
    ? ["Owner", "Office manager", "Operations manager", "Director"]
    : ["Director", "Managing director", "Owner", "Partner", "Finance director", "Chief executive"];
  const otherTitles = [
    "Office manager",
    "Financial controller",
    "HR manager",
    "Operations manager",
    "Company secretary",
    "Accountant",
    "Facilities manager",
    "Head of risk",
    "Administrator",
  ];
  const links: (typeof companyIndividuals.$inferInsert)[] = [];
  const seen = new Set<string>();
  const link = (c: number, p: number, isPrimary: boolean, title: string | null) => {
    const key = `${c}:${p}`;
    if (seen.has(key)) return;
    seen.add(key);
    links.push({
      tenantId: tenant.id,
      companyId: companyIds[c]!,
      individualId: personIds[p]!,
      isPrimary,
      jobTitleId: title ? titleId(title) : null,
      createdAt: companyRows[c]!.createdAt,
    });
  };
  companyIds.forEach((_, c) => {
    const primary = c < linked ? c : rng.int(0, linked - 1);
    if (c % 25 !== 24) link(c, primary, true, rng.pick(primaryTitles)); // a few companies have no primary contact yet
    const extra = rng.chance(0.45) ? rng.int(1, 2) : 0;
    for (let k = 0; k < extra; k++) link(c, rng.int(0, linked - 1), false, rng.chance(0.85) ? rng.pick(otherTitles) : null);
  });
  await chunked(links, (chunk) => tx.insert(companyIndividuals).values(chunk));

  // --- Lines of business, splits and compliance (brokers only) --------------------------------------------
  if (!book.smallBusiness) {
    const lineRows: (typeof companyLines.$inferInsert)[] = [];
    companyIds.forEach((id, c) => {
      if (!rng.chance(0.55)) return;
      const count = rng.int(1, 3);
      const typesHeld = new Set<string>();
      for (let k = 0; k < count; k++) typesHeld.add(rng.pick(LINE_TYPES));
      for (const lineType of typesHeld) {
        const renewal = new Date(now + rng.int(-30, 330) * DAY);
        lineRows.push({
          tenantId: tenant.id,
          companyId: id,
          lineType,
          insurer: rng.pick(INSURERS),
          premium: (rng.int(350, 25000) + rng.int(0, 99) / 100).toFixed(2),
          renewalDate: dateText(renewal),
          createdAt: companyRows[c]!.createdAt,
          updatedAt: companyRows[c]!.createdAt,
        });
      }
    });
    const lineIds = await insertMany(lineRows, (chunk) => tx.insert(companyLines).values(chunk).returning({ id: companyLines.id }));
    const splits: (typeof companyLineSplits.$inferInsert)[] = [];
    lineIds.forEach((lineId) => {
      if (!rng.chance(0.4)) return;
      const brokerShare = rng.pick([60, 70, 75, 80]);
      const other = rng.pick(SPLIT_PARTY_TYPES.filter((t) => t !== "broker"));
      splits.push({ tenantId: tenant.id, lineId, party: tenant.name, partyType: "broker", percentage: brokerShare.toFixed(2) });
      splits.push({
        tenantId: tenant.id,
        lineId,
        party: other === "network" ? rng.pick(NETWORKS) : other === "introducer" ? rng.pick(INTRODUCERS) : `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
        partyType: other,
        percentage: (100 - brokerShare).toFixed(2),
      });
    });
    await chunked(splits, (chunk) => tx.insert(companyLineSplits).values(chunk));

    const compliance: (typeof companyCompliance.$inferInsert)[] = [];
    companyIds.forEach((id, c) => {
      if (!rng.chance(0.6)) return;
      const checked = new Date(now - rng.int(10, 500) * DAY);
      const rating = rng.pick(["low", "low", "medium", "high"] as const);
      compliance.push({
        companyId: id,
        tenantId: tenant.id,
        amlCheckedAt: dateText(checked),
        sanctionsCheckedAt: dateText(new Date(checked.getTime() + rng.int(0, 5) * DAY)),
        riskRating: rating,
        politicallyExposed: rng.chance(0.03),
        // Reviewed yearly (high risk: every six months); some reviews are overdue.
        nextReviewAt: dateText(new Date(checked.getTime() + (rating === "high" ? 182 : 365) * DAY)),
        notes: rating === "high" ? "Enhanced due diligence: source of funds evidenced." : null,
        updatedBy: owner(c + 1),
        updatedAt: checked,
      });
    });
    await chunked(compliance, (chunk) => tx.insert(companyCompliance).values(chunk));
  }

  // --- Notes --------------------------------------------------------------------------------------------
  const noteRows: (typeof notes.$inferInsert)[] = [];
  personIds.forEach((id, i) => {
    const count = rng.chance(0.45) ? rng.int(1, 3) : 0;
    for (let k = 0; k < count; k++) {
      noteRows.push({
        tenantId: tenant.id,
        notableType: "individual",
        notableId: id,
        body: rng.pick(book.smallBusiness ? CUSTOMER_NOTES : INDIVIDUAL_NOTES),
        authorId: owner(i + k),
        createdAt: new Date(people[i]!.createdAt.getTime() + ((k + 1) * rng.int(1, 20) * DAY) / 2),
      });
    }
  });
  companyIds.forEach((id, c) => {
    const count = rng.chance(0.45) ? rng.int(1, 3) : 0;
    for (let k = 0; k < count; k++) {
      noteRows.push({
        tenantId: tenant.id,
        notableType: "company",
        notableId: id,
        body: rng.pick(book.smallBusiness ? CUSTOMER_NOTES : COMPANY_NOTES),
        authorId: owner(c + k + 1),
        createdAt: new Date(companyRows[c]!.createdAt.getTime() + ((k + 1) * rng.int(1, 20) * DAY) / 2),
      });
    }
  });
  await chunked(noteRows, (chunk) => tx.insert(notes).values(chunk));

  // --- E-mail history (recorded threads; nothing is sent while seeding) -------------------------------------
  const threads: { row: typeof emailThreads.$inferInsert; to: string; body: string; reply?: string }[] = [];
  personIds.forEach((id, i) => {
    const p = people[i]!;
    if (!p.email || i % 6 !== 0) return;
    const at = new Date(p.createdAt.getTime() + 3 * DAY);
    const followUp = i % 12 === 0;
    const last = followUp ? new Date(at.getTime() + 4 * DAY) : at;
    threads.push({
      row: {
        tenantId: tenant.id,
        subject: book.smallBusiness ? "Your order with Bloom Bakery" : "Your renewal documents",
        relatedType: "individual",
        relatedId: id,
        createdBy: p.ownerUserId,
        createdAt: at,
        lastMessageAt: last,
      },
      to: p.email,
      body: `Dear ${p.firstName},\n\n${book.smallBusiness ? "Thank you for your order. It will be ready for collection on Saturday morning." : "Please find your renewal documents attached. Do let me know if anything has changed in the last year."}\n\nKind regards`,
      reply: followUp ? `Hello ${p.firstName},\n\nJust following up on my last e-mail.\n\nKind regards` : undefined,
    });
  });
  companyIds.forEach((id, c) => {
    const co = companyRows[c]!;
    if (!co.email || c % 10 !== 0) return;
    const at = new Date(co.createdAt.getTime() + 5 * DAY);
    threads.push({
      row: {
        tenantId: tenant.id,
        subject: book.smallBusiness ? "Wholesale price list" : "Information needed for your renewal",
        relatedType: "company",
        relatedId: id,
        createdBy: co.ownerUserId,
        createdAt: at,
        lastMessageAt: at,
      },
      to: co.email,
      body: book.smallBusiness
        ? "Hello,\n\nPlease find our wholesale price list for the coming season. Orders placed by Wednesday are delivered on Friday.\n\nKind regards"
        : "Hello,\n\nYour renewal is coming up. Could you confirm your turnover, wage roll and any claims in the last year?\n\nKind regards",
    });
  });
  const threadIds = await insertMany(
    threads.map((t) => t.row),
    (chunk) => tx.insert(emailThreads).values(chunk).returning({ id: emailThreads.id }),
  );
  const messages: (typeof emailMessages.$inferInsert)[] = [];
  threads.forEach((t, k) => {
    const sent = t.row.createdAt as Date;
    messages.push({
      tenantId: tenant.id,
      threadId: threadIds[k]!,
      senderUserId: t.row.createdBy,
      toAddress: t.to,
      subject: t.row.subject,
      body: t.body,
      sentAt: sent,
    });
    if (t.reply) {
      messages.push({
        tenantId: tenant.id,
        threadId: threadIds[k]!,
        senderUserId: t.row.createdBy,
        toAddress: t.to,
        subject: `Re: ${t.row.subject}`,
        body: t.reply,
        sentAt: new Date(sent.getTime() + 4 * DAY),
      });
    }
  });
  await chunked(messages, (chunk) => tx.insert(emailMessages).values(chunk));
}
