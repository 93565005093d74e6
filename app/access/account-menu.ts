import { mayOpen, type AccessSubject } from "#contract/portal-routes";
import type { Variant } from "../lib/variant";

/**
 * The account menu of the header (spec, page frame): the user's name, last name and e-mail;
 * 'Personal account' > 'Personal profile' (the profile drawer); the company switcher — the company's
 * name and the company's pages this user may open — under 'Company account' in flightDeck (the
 * smallBusiness edition has no company account section, spec §6, so there the company block stands
 * without that heading); the broker portal for hasCedarPermission; 'Log Out'.
 *
 * A user belongs to one company, so the switcher switches between the company's pages, not companies.
 */
export interface AccountMenuLink {
  label: string;
  to: string;
}

/** The company switcher's sub-items, in the order of the flightDeck menu's top block. */
export const COMPANY_ITEMS: readonly AccountMenuLink[] = [
  { label: "Company profile", to: "/company" },
  { label: "Membership", to: "/flightdeck-passport" },
  { label: "Teams", to: "/team" },
  { label: "Roles & permissions", to: "/roles" },
];

export interface CompanySwitcher {
  /** 'Company account' in flightDeck; none in smallBusiness. */
  heading: string | null;
  companyName: string;
  /** Only the pages whose route-table check passes for this user (permissions, edition, parent tenant). */
  items: AccountMenuLink[];
}

export function companySwitcher(edition: Variant, companyName: string, subject: AccessSubject): CompanySwitcher {
  return {
    heading: edition === "flightdeck" ? "Company account" : null,
    companyName,
    items: COMPANY_ITEMS.filter((item) => mayOpen(item.to, subject)).map((item) => ({ ...item })),
  };
}

export { profileHref, safeReturnPath } from "./links";
