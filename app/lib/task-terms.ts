import { capitalise, wordsFor } from "./labels";
import type { Variant } from "./variant";

/**
 * The task page's own words that differ by edition, beside the shared ones of labels.ts (task / opportunity …):
 * smallBusiness says no broker terms. A business check of a task is "KYB" in flightDeck and "verification" in
 * smallBusiness; a product's premium is its price there and its provider its supplier; the task's client is a
 * customer. Kept apart from labels.ts so they cost the list pages' first-load JavaScript nothing (only the task
 * page's loader reads them and sends them with its data).
 */
export interface TaskTerms {
  /** The flag's name inside a sentence ("Mark for KYB", "marked it for verification"). */
  kyb: string;
  /** The flag's name as a label ("KYB", "Verification"). */
  Kyb: string;
  /** Who the task is for: the client as a word, and as the label of its individual. */
  client: string;
  individual: string;
  /** A product's premium and its provider, as labels. */
  premium: string;
  provider: string;
}

const terms: Record<Variant, TaskTerms> = {
  flightdeck: { kyb: "KYB", Kyb: "KYB", client: "Client", individual: "Individual", premium: "Premium", provider: "Provider" },
  smallbusiness: { kyb: "verification", Kyb: "Verification", client: "Customer", individual: "Customer", premium: "Price", provider: "Supplier" },
};

export function taskTermsFor(edition: Variant): TaskTerms {
  return terms[edition];
}

/** The activity log's field names in the edition's words, where they differ from the shared ones. */
export function activityFieldLabels(edition: Variant): Record<string, string> {
  if (edition === "flightdeck") return {};
  const t = terms[edition];
  const words = wordsFor(edition);
  return {
    kyb: t.Kyb,
    premium: t.premium,
    provider_name: t.provider,
    source_individual_id: capitalise(words.individual),
    company_id: capitalise(words.company),
  };
}
