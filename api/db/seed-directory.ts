/**
 * Demo providers, staff and teams of the demo tenants (used by seed.ts). Telephone numbers are from
 * Ofcom's drama ranges and e-mail domains are .example: nothing here reaches a real company.
 */
import type { ProviderFunction, ProviderRole } from "#contract/providers";

export interface DemoProvider {
  name: string;
  functions: ProviderFunction[];
  roles: ProviderRole[];
}

/** 35 providers of Harbour Brokers (a parent tenant): four pages at ten per page. */
export const DEMO_PROVIDERS: DemoProvider[] = [
  { name: "Aviva", functions: ["insurer"], roles: ["lead", "follow"] },
  { name: "Allianz", functions: ["insurer"], roles: ["lead", "follow"] },
  { name: "AXA", functions: ["insurer"], roles: ["lead"] },
  { name: "Zurich", functions: ["insurer"], roles: ["lead", "follow"] },
  { name: "RSA", functions: ["insurer"], roles: ["lead"] },
  { name: "Hiscox", functions: ["insurer"], roles: ["lead", "capacity_provider"] },
  { name: "Markel", functions: ["insurer"], roles: ["follow"] },
  { name: "QBE", functions: ["insurer"], roles: ["lead", "follow"] },
  { name: "Chubb", functions: ["insurer"], roles: ["lead"] },
  { name: "Ecclesiastical", functions: ["insurer"], roles: ["lead"] },
  { name: "Ageas", functions: ["insurer"], roles: ["lead"] },
  { name: "AIG", functions: ["insurer"], roles: ["lead", "capacity_provider"] },
  { name: "Beazley", functions: ["insurer"], roles: ["lead", "capacity_provider"] },
  { name: "Brit", functions: ["insurer"], roles: ["follow", "capacity_provider"] },
  { name: "Covea Insurance", functions: ["insurer"], roles: ["lead"] },
  { name: "LV= Broker", functions: ["insurer"], roles: ["lead"] },
  { name: "NFU Mutual", functions: ["insurer"], roles: ["lead"] },
  { name: "Travelers", functions: ["insurer"], roles: ["lead", "follow"] },
  { name: "Tokio Marine HCC", functions: ["insurer"], roles: ["follow"] },
  { name: "Liberty Specialty Markets", functions: ["insurer"], roles: ["lead", "follow"] },
  { name: "Arch Insurance", functions: ["insurer"], roles: ["follow"] },
  { name: "Aspen", functions: ["insurer"], roles: ["follow", "capacity_provider"] },
  { name: "Canopius", functions: ["insurer"], roles: ["capacity_provider"] },
  { name: "MS Amlin", functions: ["insurer"], roles: ["lead", "capacity_provider"] },
  { name: "Sompo", functions: ["insurer"], roles: ["follow"] },
  { name: "Great Lakes", functions: ["insurer"], roles: ["follow"] },
  { name: "Pen Underwriting", functions: ["managing_general_agent"], roles: ["administrator"] },
  { name: "Geo Underwriting", functions: ["managing_general_agent"], roles: ["administrator"] },
  { name: "Coversure Underwriting", functions: ["managing_general_agent"], roles: ["administrator"] },
  { name: "Ryan Specialty", functions: ["wholesale_broker"], roles: ["administrator"] },
  { name: "Howden Specialty", functions: ["wholesale_broker", "managing_general_agent"], roles: ["administrator"] },
  { name: "Crawford & Company", functions: ["claims_handler"], roles: [] },
  { name: "Sedgwick", functions: ["claims_handler"], roles: [] },
  { name: "Premium Credit", functions: ["premium_finance"], roles: [] },
  { name: "Close Brothers Premium Finance", functions: ["premium_finance"], roles: [] },
];

const DRAMA_PREFIXES = ["020 7946 0", "0161 496 0", "0113 496 0", "0121 496 0", "0117 496 0"];

/** The full provider row of a demo provider: e-mails on an .example domain, nominal codes PRV-1001 … */
export function demoProviderFields(p: DemoProvider, index: number) {
  const slug = p.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const phone = (n: number) => `${DRAMA_PREFIXES[index % DRAMA_PREFIXES.length]}${String((index * 7 + n) % 1000).padStart(3, "0")}`;
  return {
    name: p.name,
    nominalCode: `PRV-${1001 + index}`,
    claimsEmail: `claims@${slug}.example`,
    claimsTelephone: phone(1),
    supportEmail: `broker.support@${slug}.example`,
    supportTelephone: phone(2),
    complaintsEmail: index % 4 === 3 ? null : `complaints@${slug}.example`,
    functions: p.functions,
    roles: p.roles,
  };
}

/** More Harbour Brokers staff, so teams and member search have people to show. */
export const HARBOUR_STAFF: { email: string; name: string; lastName: string }[] = [
  { email: "james.wright@harbour.test", name: "James", lastName: "Wright" },
  { email: "priya.patel@harbour.test", name: "Priya", lastName: "Patel" },
  { email: "tom.fletcher@harbour.test", name: "Tom", lastName: "Fletcher" },
  { email: "sophie.turner@harbour.test", name: "Sophie", lastName: "Turner" },
  { email: "daniel.okafor@harbour.test", name: "Daniel", lastName: "Okafor" },
  { email: "emily.chen@harbour.test", name: "Emily", lastName: "Chen" },
  { email: "george.hughes@harbour.test", name: "George", lastName: "Hughes" },
  { email: "hannah.moore@harbour.test", name: "Hannah", lastName: "Moore" },
  { email: "liam.walsh@harbour.test", name: "Liam", lastName: "Walsh" },
  { email: "grace.bennett@harbour.test", name: "Grace", lastName: "Bennett" },
];

export interface DemoTeam {
  name: string;
  /** Members by e-mail; the first one listed with leader: true leads the team. */
  members: { email: string; leader?: boolean }[];
  /** Pending invitations by e-mail. */
  invitations?: string[];
}

/** Teams per demo tenant, by company name. */
export const DEMO_TEAMS: Record<string, DemoTeam[]> = {
  "Harbour Brokers": [
    {
      name: "Commercial lines",
      members: [
        { email: "admin@harbour.test", leader: true },
        { email: "james.wright@harbour.test" },
        { email: "priya.patel@harbour.test" },
        { email: "tom.fletcher@harbour.test" },
      ],
    },
    {
      name: "Private clients",
      members: [
        { email: "sophie.turner@harbour.test", leader: true },
        { email: "daniel.okafor@harbour.test" },
        { email: "emily.chen@harbour.test" },
        { email: "admin@harbour.test" },
      ],
    },
    {
      name: "Claims",
      members: [{ email: "george.hughes@harbour.test", leader: true }, { email: "hannah.moore@harbour.test" }, { email: "viewer@harbour.test" }],
      invitations: ["ruby.grant@harbour.test"],
    },
    {
      name: "Wealth",
      members: [{ email: "liam.walsh@harbour.test", leader: true }, { email: "grace.bennett@harbour.test" }, { email: "priya.patel@harbour.test" }],
      invitations: ["oscar.reid@harbour.test"],
    },
  ],
  "Northgate Advisers": [
    { name: "Advice", members: [{ email: "adviser@northgate.test", leader: true }] },
    { name: "Paraplanning", members: [{ email: "adviser@northgate.test" }] },
    { name: "Client services", members: [], invitations: ["support@northgate.test"] },
  ],
  "Bloom Bakery Ltd": [
    { name: "Front of house", members: [{ email: "owner@bloom.test", leader: true }] },
    { name: "Kitchen", members: [{ email: "owner@bloom.test" }] },
    { name: "Deliveries", members: [], invitations: ["driver@bloom.test"] },
  ],
};
