import type { MetaArgs } from "@remix-run/node";
import type { CSSProperties } from "react";
import type { Variant } from "#contract/portal-routes";

/** The two editions of the product (defined beside the route table, which the API's seed reads too). */
export type { Variant };

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

const hostname = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "");

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

// The page title and the tenant's colour live here too: the browser needs them on every page, and one small
// module is one chunk instead of three (each chunk costs its gzip overhead and a request).

/** The browser title of the spec: '{title} | {product}', the product being the signed-in edition or the host's. */
export function pageTitle(title: string | Record<Variant, string>, matches: MetaArgs["matches"]) {
  const frame = matches.find((m) => m.id === "routes/_app")?.data as { edition?: Variant } | undefined;
  const root = matches.find((m) => m.id === "root")?.data as { variant?: Variant } | undefined;
  const variant = frame?.edition ?? root?.variant ?? "flightdeck";
  return [{ title: `${typeof title === "string" ? title : title[variant]} | ${productName[variant]}` }];
}

/** "#0f4c81" → [15, 76, 129]. */
function channels(hex: string): number[] | undefined {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? m.slice(1).map((h) => parseInt(h, 16)) : undefined;
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const WHITE_INK = "255 255 255";
/** slate-900, the page's text colour. */
const DARK_RGB: [number, number, number] = [15, 23, 42];
const DARK_INK = DARK_RGB.join(" ");

/** A style of the brand's custom properties, for an element's `style`. */
export type BrandStyle = CSSProperties & Record<"--brand" | "--brand-ink", string>;

/**
 * The colours of a tenant's main colour for the CSS variables: `--brand` and the ink written on it
 * (`--brand-ink`), white unless white on that colour would be below WCAG AA's 4.5:1 and the dark ink
 * reads better. Undefined for what is not a "#rrggbb" colour (the edition's own colours then stay).
 */
export function brandStyle(hex: string | null | undefined): BrandStyle | undefined {
  const rgb = hex ? channels(hex) : undefined;
  if (!rgb) return undefined;
  const l = luminance(rgb);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance(DARK_RGB) + 0.05);
  return { "--brand": rgb.join(" "), "--brand-ink": onWhite >= 4.5 || onWhite >= onDark ? WHITE_INK : DARK_INK };
}
