/** The two editions of the product. */
export type Variant = "flightdeck" | "smallbusiness";

export const productName: Record<Variant, string> = { flightdeck: "flightDeck", smallbusiness: "smallBusiness" };

export interface HostSettings {
  flightdeckHost?: string;
  smallbusinessHost?: string;
  defaultVariant: Variant;
}

export interface HostResolution {
  /** The look (theme) chosen by host name. */
  variant: Variant;
  /** One of the two production hosts: no development banner. */
  production: boolean;
}

const hostname = (host: string) => host.trim().toLowerCase().replace(/:\d+$/, "").replace(/^\[|\]$/g, "");

/**
 * Theme by host name: the two production hosts carry their edition and no banner; on any other host
 * `flightdeck.*` and `smallbusiness.*` (e.g. flightdeck.localhost) pick their edition, anything else
 * the default one, and the development banner shows.
 */
export function resolveHost(host: string | null | undefined, settings: HostSettings): HostResolution {
  const name = hostname(host ?? "");
  if (settings.flightdeckHost && name === hostname(settings.flightdeckHost)) return { variant: "flightdeck", production: true };
  if (settings.smallbusinessHost && name === hostname(settings.smallbusinessHost)) return { variant: "smallbusiness", production: true };
  if (name.startsWith("flightdeck.")) return { variant: "flightdeck", production: false };
  if (name.startsWith("smallbusiness.")) return { variant: "smallbusiness", production: false };
  return { variant: settings.defaultVariant, production: false };
}

/** The edition a signed-in user works in follows their company's business type. */
export function editionOf(company: { is_small_business: boolean }): Variant {
  return company.is_small_business ? "smallbusiness" : "flightdeck";
}

export const DEV_BANNER = "You are working on the current system in development mode.";
