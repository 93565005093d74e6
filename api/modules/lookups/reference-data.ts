import type { DataListGroup } from "#contract/lookups";
import type { Db } from "#api/db/client";
import { businessUnits, companyTypes, dataListItems, employeeSizes, industries, jobTitles, trades } from "#api/db/schema";

/** Platform company types every tenant sees (a tenant can add its own with POST /type). */
export const COMPANY_TYPES = [
  "Private limited company",
  "Public limited company",
  "Limited liability partnership",
  "Partnership",
  "Sole trader",
  "Charity",
  "Community interest company",
  "Trust",
  "Club or association",
];

export const EMPLOYEE_SIZES = ["Just me", "2-9", "10-49", "50-249", "250-999", "1000+"];

export const JOB_TITLES = [
  "Owner",
  "Director",
  "Managing director",
  "Finance director",
  "Chief executive",
  "Company secretary",
  "Partner",
  "Financial controller",
  "Accountant",
  "Office manager",
  "Operations manager",
  "HR manager",
  "Facilities manager",
  "Head of risk",
  "Administrator",
];

/** Industries with their trades (GET /trade-industry). */
export const INDUSTRY_TRADES: Record<string, string[]> = {
  Agriculture: ["Arable farming", "Dairy farming", "Livestock farming", "Horticulture"],
  Construction: ["Builder", "Electrician", "Plumber", "Roofer", "Joiner", "Scaffolder"],
  "Charity and not-for-profit": ["Charity shop", "Community group", "Sports club"],
  Education: ["Nursery", "Private school", "Training provider", "Tutor"],
  "Financial services": ["Accountant", "Financial adviser", "Insurance broker", "Mortgage broker"],
  "Food and drink": ["Bakery", "Brewery", "Butcher", "Caterer", "Food manufacturer"],
  "Health and social care": ["Care home", "Dental practice", "GP surgery", "Physiotherapist", "Pharmacy"],
  Hospitality: ["Café", "Hotel", "Public house", "Restaurant", "Takeaway"],
  "Information technology": ["IT consultant", "Managed service provider", "Software developer", "Web designer"],
  Manufacturing: ["Engineering works", "Furniture maker", "Metal fabricator", "Printer", "Textile manufacturer"],
  "Motor trade": ["Car dealer", "Garage and repairs", "MOT centre", "Valeting"],
  "Professional services": ["Architect", "Consultant", "Estate agent", "Recruitment agency", "Solicitor", "Surveyor"],
  Property: ["Landlord", "Property developer", "Property management"],
  Retail: ["Clothing shop", "Convenience store", "Florist", "Hardware shop", "Newsagent", "Online retailer"],
  "Transport and logistics": ["Courier", "Haulier", "Removals", "Taxi operator", "Warehousing"],
  Wholesale: ["Cash and carry", "Food wholesaler", "Building supplies"],
};

export const DATA_LISTS: Record<DataListGroup, string[]> = {
  company: ["Referral", "Website enquiry", "Existing client", "Networking event", "Introducer", "Cold call", "Social media"],
  task: ["New business", "Renewal", "Mid-term adjustment", "Claim", "Annual review", "Cross-sell"],
  product: ["Commercial", "Personal lines", "Specialty", "Employee benefits", "Wealth"],
  "wealth-source": ["Employment income", "Business sale", "Inheritance", "Property sale", "Investments", "Pension", "Savings", "Gift"],
};

export const BUSINESS_UNITS = ["Commercial lines", "Private clients", "Employee benefits", "Wealth management", "Claims"];

const ordered = (names: string[]) => names.map((name, i) => ({ name, sortOrder: i + 1 }));

/** Makes sure the platform lookups exist; safe to run on every start (existing rows are kept). */
export async function ensureLookups(db: Db) {
  await db.insert(companyTypes).values(ordered(COMPANY_TYPES)).onConflictDoNothing();
  await db.insert(employeeSizes).values(ordered(EMPLOYEE_SIZES)).onConflictDoNothing();
  await db.insert(jobTitles).values(ordered(JOB_TITLES)).onConflictDoNothing();
  await db.insert(businessUnits).values(ordered(BUSINESS_UNITS)).onConflictDoNothing();
  await db
    .insert(industries)
    .values(ordered(Object.keys(INDUSTRY_TRADES)))
    .onConflictDoNothing();
  const industryRows = await db.select({ id: industries.id, name: industries.name }).from(industries);
  const industryId = new Map(industryRows.map((r) => [r.name, r.id]));
  const tradeRows = Object.entries(INDUSTRY_TRADES).flatMap(([industry, names]) =>
    names.map((name, i) => ({ industryId: industryId.get(industry)!, name, sortOrder: i + 1 })),
  );
  await db.insert(trades).values(tradeRows).onConflictDoNothing();
  const items = Object.entries(DATA_LISTS).flatMap(([group, names]) => names.map((name, i) => ({ group: group as DataListGroup, name, sortOrder: i + 1 })));
  await db.insert(dataListItems).values(items).onConflictDoNothing();
}
