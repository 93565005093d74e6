import type { MetaArgs } from "@remix-run/node";
import { productName, type Variant } from "./variant";

/** The browser title of the spec: '{title} | {product}', the product being the signed-in edition or the host's. */
export function pageTitle(title: string, matches: MetaArgs["matches"]) {
  const frame = matches.find((m) => m.id === "routes/_app")?.data as { edition?: Variant } | undefined;
  const root = matches.find((m) => m.id === "root")?.data as { variant?: Variant } | undefined;
  const variant = frame?.edition ?? root?.variant ?? "flightdeck";
  return [{ title: `${title} | ${productName[variant]}` }];
}
